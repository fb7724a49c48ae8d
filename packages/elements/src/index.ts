/**
 * `@formloom/elements`: importing it defines `<formloom-form>` (once, wherever `customElements`
 * exists: importing it in Node, for server rendering, defines nothing and touches no `window`).
 *
 * ```html
 * <script type="module" src="https://forms.example.com/elements.js"></script>
 * <formloom-form code="abcd1234EFGH5678" lang="de" prefill='{"utm_source":"ads"}'></formloom-form>
 * ```
 */
import { FormloomFormElement } from './element.js';

export { FormloomFormElement };
export const TAG_NAME = 'formloom-form';

if (typeof customElements !== 'undefined' && customElements.get(TAG_NAME) === undefined) {
  customElements.define(TAG_NAME, FormloomFormElement);
}
