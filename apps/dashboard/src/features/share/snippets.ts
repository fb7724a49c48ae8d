/** The copy-ready ways to put a published form on another page (docs/embedding.md). */
export function embedSnippets(origin: string, code: string) {
  return [
    {
      kind: 'scriptTag',
      code: `<script src="${origin}/embed.js" data-formloom-code="${code}" async></script>`,
    },
    {
      kind: 'element',
      code: `<script type="module" src="${origin}/embed.js"></script>\n<formloom-form code="${code}" api="${origin}"></formloom-form>`,
    },
    {
      kind: 'react',
      code: `import { FormloomForm } from '@formloom/react';\n\nexport function MyForm() {\n  return <FormloomForm api="${origin}" code="${code}" />;\n}`,
    },
  ] as const;
}
