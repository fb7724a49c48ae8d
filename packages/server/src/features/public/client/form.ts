/**
 * The public form page's script: `<formloom-form>` itself (`@formloom/elements/served`), which takes over
 * the form the server rendered inside it, with the data the server put beside it. The page has no
 * renderer of its own: the element, the React package and this page share one runtime and one
 * markup, so what an embed does the page does.
 */
import '@formloom/elements/served';

/**
 * A password-protected form whose unlock ended while its page was open (a day passed, or the
 * password changed): its calls are refused, and the element reports a problem. The page asks
 * whether its own address is locked now (401), and if so loads again, as the server's password
 * form; any other answer leaves the page as it is (a 429 must not cost the answers given). Kept
 * this small for the page's size budget (offline, the probe's failure is left to the console:
 * the element already says so).
 */
addEventListener('formloom:error', () =>
  // fetch takes the location as its address (a Request's string), the shortest way to say it.
  fetch(location as unknown as string).then((res) => res.status === 401 && location.reload()),
);
