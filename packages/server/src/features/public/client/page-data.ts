/**
 * What the interview page's script and the server share: the id of the JSON data block (the same
 * the form page's `<formloom-form>` reads, `SERVED_DATA_ID`) and the honeypot's names.
 */
export {
  HONEYPOT_HEADER,
  HONEYPOT_INPUT_ID,
  SERVED_DATA_ID as DATA_ELEMENT_ID,
} from '@formloom/elements/markup';
