'use strict';
// The VS Code extension for scenario files: `mediate lsp` as the language server (through the
// small client in client.js), and `mediate report` as a preview in a webview.

const vscode = require('vscode');
const { execFile } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { LanguageClient } = require('./client');
const { webviewPage, escapeHTML } = require('./page');

const LANGUAGE = 'scenario';
const SELECTOR = [{ language: LANGUAGE, scheme: 'file' }, { language: LANGUAGE, scheme: 'untitled' }];

function mediatePath() {
  return vscode.workspace.getConfiguration('mediate').get('path') || 'mediate';
}

// MARK: Conversions between the protocol's shapes and VS Code's

const toPosition = (p) => new vscode.Position(p.line, p.character);
const toRange = (r) => new vscode.Range(toPosition(r.start), toPosition(r.end));
const fromPosition = (p) => ({ line: p.line, character: p.character });
const fromRange = (r) => ({ start: fromPosition(r.start), end: fromPosition(r.end) });
const toLocation = (l) =>
  l.targetUri // a LocationLink
    ? new vscode.Location(vscode.Uri.parse(l.targetUri), toRange(l.targetSelectionRange || l.targetRange))
    : new vscode.Location(vscode.Uri.parse(l.uri), toRange(l.range));

/** Markdown for MarkupContent, a MarkedString or a list of them. */
function toMarkdown(contents) {
  if (Array.isArray(contents)) return contents.map(toMarkdown).join('\n\n');
  if (typeof contents === 'string') return contents;
  if (contents && contents.kind === 'plaintext') return new vscode.MarkdownString().appendText(contents.value).value;
  if (contents && contents.language) return '```' + contents.language + '\n' + contents.value + '\n```';
  return (contents && contents.value) || '';
}

function toDiagnostic(d) {
  const diagnostic = new vscode.Diagnostic(toRange(d.range), d.message, (d.severity || 1) - 1);
  diagnostic.source = d.source || 'mediate';
  if (d.code !== undefined) diagnostic.code = d.code;
  if (Array.isArray(d.relatedInformation)) {
    diagnostic.relatedInformation = d.relatedInformation.map(
      (r) => new vscode.DiagnosticRelatedInformation(toLocation(r.location), r.message),
    );
  }
  return diagnostic;
}

function toCompletionItem(c) {
  const item = new vscode.CompletionItem(c.label, c.kind ? c.kind - 1 : undefined);
  if (c.detail) item.detail = c.detail;
  if (c.documentation) item.documentation = new vscode.MarkdownString(toMarkdown(c.documentation));
  if (c.sortText) item.sortText = c.sortText;
  if (c.filterText) item.filterText = c.filterText;
  if (c.textEdit) {
    item.insertText = c.textEdit.newText;
    item.range = c.textEdit.range
      ? toRange(c.textEdit.range)
      : { inserting: toRange(c.textEdit.insert), replacing: toRange(c.textEdit.replace) };
  } else if (c.insertText) {
    item.insertText = c.insertText;
  }
  return item;
}

const before = (a, b) => a.line < b.line || (a.line === b.line && a.character <= b.character);
const contains = (outer, inner) => before(outer.start, inner.start) && before(inner.end, outer.end);

function toSymbol(s) {
  if (s.location) {
    // SymbolInformation
    return new vscode.SymbolInformation(s.name, s.kind - 1, s.containerName || '', toLocation(s.location));
  }
  // VS Code refuses an empty name, or a selection range outside the range.
  const range = toRange(s.range);
  const selection = s.selectionRange && contains(s.range, s.selectionRange) ? toRange(s.selectionRange) : range;
  const symbol = new vscode.DocumentSymbol(s.name || '?', s.detail || '', s.kind - 1, range, selection);
  symbol.children = (s.children || []).map(toSymbol);
  return symbol;
}

// MARK: The language server

/** Starts `mediate lsp` and registers the document sync and the providers. */
function startLanguageServer(context, output) {
  const diagnostics = vscode.languages.createDiagnosticCollection('mediate');
  const opened = new Set(); // the URIs the server has been told are open
  let syncKind = 1;
  const isOurs = (document) => document.languageId === LANGUAGE && document.uri.scheme !== 'git';

  const open = (document) => {
    if (!isOurs(document)) return;
    const uri = document.uri.toString();
    opened.add(uri);
    client.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: LANGUAGE, version: document.version, text: document.getText() },
    });
  };

  const client = new LanguageClient({
    command: mediatePath(),
    args: ['lsp'],
    rootUri: vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0]
      ? vscode.workspace.workspaceFolders[0].uri.toString()
      : null,
    cwd: vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0]
      ? vscode.workspace.workspaceFolders[0].uri.fsPath
      : undefined,
    log: (line) => output.appendLine(line),
    onReady: (capabilities) => {
      const sync = capabilities.textDocumentSync;
      syncKind = typeof sync === 'number' ? sync : sync && sync.change !== undefined ? sync.change : 1;
      // A new server (a first start, or a restart after a crash) learns every open document.
      opened.clear();
      diagnostics.clear();
      vscode.workspace.textDocuments.forEach(open);
    },
    onNotification: (method, params) => {
      if (method === 'textDocument/publishDiagnostics') {
        const uri = vscode.Uri.parse(params.uri);
        if (opened.has(uri.toString())) diagnostics.set(uri, (params.diagnostics || []).map(toDiagnostic));
      } else if (method === 'window/logMessage' || method === 'window/showMessage') {
        output.appendLine(`[server] ${params.message}`);
      }
    },
    onGiveUp: (text) => {
      vscode.window.showErrorMessage(`mediate: ${text}`, 'Show Output').then((choice) => {
        if (choice) output.show(true);
      });
    },
  });

  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((event) => {
      const document = event.document;
      const uri = document.uri.toString();
      if (!opened.has(uri) || event.contentChanges.length === 0) return;
      const contentChanges =
        syncKind === 2
          ? event.contentChanges.map((c) => ({ range: fromRange(c.range), rangeLength: c.rangeLength, text: c.text }))
          : [{ text: document.getText() }];
      client.notify('textDocument/didChange', { textDocument: { uri, version: document.version }, contentChanges });
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      const uri = document.uri.toString();
      if (!opened.delete(uri)) return;
      client.notify('textDocument/didClose', { textDocument: { uri } });
      diagnostics.delete(document.uri);
    }),
  );

  // Each provider forwards to the server; a failed request is logged and shows nothing.
  const ask = async (method, params, token, convert) => {
    try {
      const result = await client.request(method, params, token);
      return result === null ? undefined : convert(result);
    } catch (error) {
      output.appendLine(`[client] ${error.message}`);
      if (method === 'textDocument/formatting') vscode.window.setStatusBarMessage(`mediate: ${error.message}`, 5000);
      return undefined;
    }
  };
  const at = (document, position) => ({ textDocument: { uri: document.uri.toString() }, position: fromPosition(position) });
  const locations = (result) => (Array.isArray(result) ? result : [result]).map(toLocation);

  context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        provideCompletionItems: (document, position, token) =>
          ask('textDocument/completion', at(document, position), token, (result) =>
            Array.isArray(result)
              ? new vscode.CompletionList(result.map(toCompletionItem), false)
              : new vscode.CompletionList((result.items || []).map(toCompletionItem), !!result.isIncomplete),
          ),
      },
      '.',
      ':',
      '>',
    ),
    vscode.languages.registerHoverProvider(SELECTOR, {
      provideHover: (document, position, token) =>
        ask('textDocument/hover', at(document, position), token, (result) =>
          new vscode.Hover(new vscode.MarkdownString(toMarkdown(result.contents)), result.range ? toRange(result.range) : undefined),
        ),
    }),
    vscode.languages.registerDefinitionProvider(SELECTOR, {
      provideDefinition: (document, position, token) =>
        ask('textDocument/definition', at(document, position), token, locations),
    }),
    vscode.languages.registerReferenceProvider(SELECTOR, {
      provideReferences: (document, position, context, token) =>
        ask(
          'textDocument/references',
          Object.assign(at(document, position), { context: { includeDeclaration: context.includeDeclaration } }),
          token,
          locations,
        ),
    }),
    vscode.languages.registerDocumentFormattingEditProvider(SELECTOR, {
      provideDocumentFormattingEdits: (document, options, token) =>
        ask(
          'textDocument/formatting',
          { textDocument: { uri: document.uri.toString() }, options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } },
          token,
          (edits) => edits.map((e) => vscode.TextEdit.replace(toRange(e.range), e.newText)),
        ),
    }),
    vscode.languages.registerDocumentSymbolProvider(SELECTOR, {
      provideDocumentSymbols: (document, token) =>
        ask('textDocument/documentSymbol', { textDocument: { uri: document.uri.toString() } }, token, (symbols) =>
          symbols.map(toSymbol),
        ),
    }),
    vscode.commands.registerCommand('mediate.restartServer', () => {
      client.options.command = mediatePath();
      return client.restart().catch((error) => output.appendLine(`[client] ${error.message}`));
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('mediate.path')) vscode.commands.executeCommand('mediate.restartServer');
    }),
  );

  client.start().catch((error) => output.appendLine(`[client] initialize: ${error.message}`));
  return client;
}

// MARK: The preview

/** Runs `mediate report FILE -o TEMP.html` and resolves with the page, or a page that says why not. */
function renderReport(file) {
  const out = path.join(os.tmpdir(), `mediate-preview-${process.pid}-${crypto.randomBytes(6).toString('hex')}.html`);
  return new Promise((resolve) => {
    execFile(mediatePath(), ['report', '-o', out, '--', file], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      let html = null;
      try {
        html = fs.readFileSync(out, 'utf8');
        fs.unlinkSync(out);
      } catch (_) {
        // no page: said below
      }
      if (html !== null) return resolve({ html, stderr });
      const why = error && error.code === 'ENOENT' ? `'${mediatePath()}' was not found: set mediate.path` : stderr || String(error);
      resolve({
        html: `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><h1>No report</h1><pre>${escapeHTML(why)}</pre></body></html>`,
        stderr,
      });
    });
  });
}

function registerPreview(context, output) {
  const panels = new Map(); // file path → webview panel

  const render = async (file, panel) => {
    const { html, stderr } = await renderReport(file);
    if (stderr) output.appendLine(`[preview] ${stderr.trimEnd()}`);
    panel.webview.html = webviewPage(html, panel.webview.cspSource, crypto.randomBytes(16).toString('base64'));
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('mediate.preview', async (uri) => {
      const document = uri instanceof vscode.Uri
        ? await vscode.workspace.openTextDocument(uri)
        : vscode.window.activeTextEditor && vscode.window.activeTextEditor.document;
      if (!document || document.languageId !== LANGUAGE) {
        return vscode.window.showInformationMessage('mediate: open a .scenario file to preview it');
      }
      if (document.isUntitled) return vscode.window.showInformationMessage('mediate: save the scenario to preview it');
      if (document.isDirty) await document.save();
      const file = document.uri.fsPath;
      let panel = panels.get(file);
      if (panel) {
        panel.reveal(vscode.ViewColumn.Beside, true);
      } else {
        panel = vscode.window.createWebviewPanel('mediate.preview', `Preview ${path.basename(file)}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
          enableScripts: true,
          localResourceRoots: [],
        });
        panels.set(file, panel);
        panel.onDidDispose(() => panels.delete(file));
      }
      await render(file, panel);
      return panel;
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      const panel = panels.get(document.uri.fsPath);
      if (panel) return render(document.uri.fsPath, panel);
    }),
  );
  return panels;
}

// MARK: Activation

let running = null; // the language client, for deactivate

function activate(context) {
  const output = vscode.window.createOutputChannel('mediate');
  context.subscriptions.push(output);
  running = startLanguageServer(context, output);
  const previews = registerPreview(context, output);
  return { client: running, previews };
}

function deactivate() {
  return running ? running.stop() : undefined;
}

module.exports = { activate, deactivate };
