import { main } from './main.js';

// The entry point the build bundles into dist/formloom.js (bin/formloom.js loads it).
await main();
