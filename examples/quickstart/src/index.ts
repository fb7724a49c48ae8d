import Formloom from '@formloom/sdk';
import { quickstart } from './quickstart.js';

// Reads FORMLOOM_API_KEY and FORMLOOM_BASE_URL (default http://localhost:3000/v1).
const client = new Formloom();
await quickstart(client);
