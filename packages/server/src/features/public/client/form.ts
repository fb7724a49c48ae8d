/**
 * The public form page's script: `<formloom-form>` itself (`@formloom/elements/served`), which takes over
 * the form the server rendered inside it, with the data the server put beside it. The page has no
 * renderer of its own: the element, the React package and this page share one runtime and one
 * markup, so what an embed does the page does.
 */
import '@formloom/elements/served';
