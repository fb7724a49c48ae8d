import ts from 'typescript';
import type { Plugin } from 'vite';

/** The contract's own source files, which the dashboard bundles through the SDK. */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;

/**
 * The contract's documentation, left out of the dashboard's bundle: the text of every zod
 * `.describe(...)`, every route's `summary` and `description`, and the words of its success and
 * error answers. They are the API reference (the OpenAPI
 * document and the SDK's types carry them) and no page shows them, yet they were most of the bytes
 * of the API client that every page loads first (about 50 of its 58 KB gzipped). Only
 * documentation goes: a schema keeps every check, a route its method, path and responses.
 */
export function stripContractDocs(): Plugin {
  const strip: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      // `schema.describe('…')` -> `schema`
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'describe' &&
        node.arguments.length === 1
      ) {
        return ts.visitNode(node.expression.expression, visit) as ts.Expression;
      }
      // `success(Data, '…')` -> `success(Data)`; `errorResponses(statuses, {404: '…'})` -> `errorResponses(statuses)`
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        (node.expression.text === 'success' || node.expression.text === 'errorResponses') &&
        node.arguments.length === 2
      ) {
        const first = ts.visitNode(node.arguments[0], visit) as ts.Expression;
        return context.factory.updateCallExpression(node, node.expression, node.typeArguments, [first]);
      }
      // A route's `summary: '…'` and `description: '…'` -> `''`
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        (node.name.text === 'description' || node.name.text === 'summary') &&
        !ts.isObjectLiteralExpression(node.initializer)
      ) {
        return context.factory.updatePropertyAssignment(
          node,
          node.name,
          context.factory.createStringLiteral(''),
        );
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit) as ts.SourceFile;
  };
  const printer = ts.createPrinter({ removeComments: true });
  return {
    name: 'strip-contract-docs',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id) || (!code.includes('.describe(') && !code.includes('description')))
        return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const [out] = ts.transform(file, [strip]).transformed;
      return { code: printer.printFile(out as ts.SourceFile), map: null };
    },
  };
}
