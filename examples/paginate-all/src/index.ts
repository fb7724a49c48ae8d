import Formloom from '@formloom/sdk';

// Reads FORMLOOM_API_KEY and FORMLOOM_BASE_URL (default http://localhost:3000/v1).
const client = new Formloom();

// One page: `await` the list.
const first = await client.forms.list({ limit: 100 });
console.log(`${first.total} forms; page ${first.page} holds ${first.items.length}, more: ${first.hasMore}`);

// Every item: `for await` fetches the next page when the loop needs it.
for await (const form of client.forms.list({ limit: 100 })) {
  // The same for a form's responses, filtered by date (inclusive).
  let answered = 0;
  for await (const _response of client.responses.list(form.id, { startDate: '2025-01-01' })) answered++;
  console.log(`${form.title} (${form.publishStatus}): ${answered} responses since 2025`);
}

// Into one array, with caps (default 50 pages / 5,000 items, 100 per page).
const { items, truncated, pages } = await client.forms.list().collect({ maxItems: 1_000 });
console.log(`collected ${items.length} forms in ${pages} pages${truncated ? ' (stopped at the cap)' : ''}`);
