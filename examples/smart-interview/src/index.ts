import Formloom from '@formloom/sdk';
import { smartInterview } from './smart-interview.js';

// Reads FORMLOOM_API_KEY (a Pro plan key or higher) and FORMLOOM_BASE_URL (default http://localhost:3000/v1).
const client = new Formloom();
await smartInterview(client);
