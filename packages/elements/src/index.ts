/**
 * `@formloom/elements`: importing it defines `<formloom-form>` (once, wherever `customElements`
 * exists: importing it in Node, for server rendering, defines nothing and touches no `window`).
 *
 * ```html
 * <script type="module" src="https://forms.example.com/elements.js"></script>
 * <formloom-form code="abcd1234EFGH5678" lang="de" prefill='{"utm_source":"ads"}'></formloom-form>
 * ```
 */
import { defineFormElement, FormloomFormElement, TAG_NAME } from './element.js';
import { renderField, renderForm } from './markup/form.js';
import { STYLE } from './style.js';

export { FormloomFormElement, TAG_NAME };

FormloomFormElement.renderer = { render: renderForm, field: renderField, style: STYLE };
defineFormElement();
