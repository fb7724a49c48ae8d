/**
 * `@formloom/elements/served`: defines `<formloom-form>` for a page whose server rendered the form
 * inside the element, with its data block (Formloom's own public page does): the element takes
 * that markup over where it is. It cannot draw a form of its own (no shadow-root renderer, no
 * stylesheet), which makes it about 4 KB gzipped smaller than `@formloom/elements`. Load one or
 * the other on a page: the first to define the element is the one used.
 */
import { defineFormElement, FormloomFormElement, TAG_NAME } from './element.js';

export { FormloomFormElement, TAG_NAME };

defineFormElement();
