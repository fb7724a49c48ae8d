/**
 * The element's stylesheet, for its shadow root. Every colour, the radius and the font are
 * `--formloom-*` custom properties (they inherit through the shadow boundary), so a host page themes
 * the form without reaching inside; `::part()` reaches the rest. Light and dark follow the system.
 */
export const STYLE = `:host{display:block;color-scheme:light dark;--fl-fg:var(--formloom-color,#1c1e21);--fl-muted:var(--formloom-muted,#555b63);--fl-card:var(--formloom-background,#fff);--fl-line:var(--formloom-border,#c9ced6);--fl-accent:var(--formloom-accent,#2456c7);--fl-accent-fg:var(--formloom-accent-text,#fff);--fl-error:var(--formloom-error,#b3261e);--fl-error-bg:var(--formloom-error-background,#fdecea);--fl-ok-bg:var(--formloom-done-background,#e7f4ea);--fl-radius:var(--formloom-radius,.5rem);color:var(--fl-fg);font:var(--formloom-font,1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif)}
@media (prefers-color-scheme:dark){:host{--fl-fg:var(--formloom-color,#e8eaed);--fl-muted:var(--formloom-muted,#aab0b8);--fl-card:var(--formloom-background,#1f2226);--fl-line:var(--formloom-border,#4a5058);--fl-accent:var(--formloom-accent,#7ea6ff);--fl-accent-fg:var(--formloom-accent-text,#0b1020);--fl-error:var(--formloom-error,#ff8a80);--fl-error-bg:var(--formloom-error-background,#3b1d1b);--fl-ok-bg:var(--formloom-done-background,#1c3322)}}
*,*::before,*::after{box-sizing:border-box}[hidden]{display:none!important}
.fl-card{background:var(--fl-card);border:1px solid var(--fl-line);border-radius:calc(var(--fl-radius)*1.5);padding:1.5rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}h2{font-size:1.25rem;margin:0 0 .5rem;overflow-wrap:anywhere}
.fl-description,.fl-section-description,.fl-help{white-space:pre-line;overflow-wrap:anywhere;color:var(--fl-muted);margin:0 0 .5rem}.fl-note{color:var(--fl-muted);font-size:.9rem;margin:0}
.fl-section{margin-top:1.75rem}.fl-field{margin:0 0 1.25rem;padding:0;border:0;min-width:0}.fl-label{display:block;font-weight:600;margin-bottom:.25rem;padding:0;overflow-wrap:anywhere}.fl-req{color:var(--fl-error)}
.fl-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input[type=text],input[type=email],input[type=date],select,textarea{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}
textarea{resize:vertical}input[type=file]{display:block;max-width:100%;font:inherit}
.fl-option{display:flex;align-items:flex-start;gap:.5rem;padding:.35rem 0}.fl-option input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}.fl-option label{overflow-wrap:anywhere}
:focus-visible{outline:3px solid var(--fl-accent);outline-offset:2px}
[aria-invalid=true]:is(input,select,textarea){border-color:var(--fl-error);box-shadow:inset 0 0 0 1px var(--fl-error)}
.fl-error{color:var(--fl-error);font-weight:600;margin:.35rem 0 0}
.fl-alert{background:var(--fl-error-bg);border-left:4px solid var(--fl-error);padding:.75rem 1rem;border-radius:.25rem;margin:1rem 0}
.fl-alert:empty{display:none}
.fl-upload{display:flex;align-items:center;gap:.75rem;margin-top:.5rem;flex-wrap:wrap}.fl-upload progress{flex:1 1 10rem;height:.75rem}
.fl-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.fl-actions{margin-top:1.5rem;display:flex;align-items:center;gap:1rem;flex-wrap:wrap}
.fl-button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.5rem;border:0;border-radius:var(--fl-radius);background:var(--fl-accent);color:var(--fl-accent-fg);cursor:pointer}.fl-button:disabled{opacity:.6;cursor:default}
.fl-secondary{background:transparent;color:var(--fl-accent);box-shadow:inset 0 0 0 1px var(--fl-accent)}
.fl-done{background:var(--fl-ok-bg)}.fl-done p{white-space:pre-line;overflow-wrap:anywhere}
@media (max-width:30rem){.fl-card{padding:1rem}.fl-button{width:100%}}`;
