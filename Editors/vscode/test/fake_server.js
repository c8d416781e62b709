#!/usr/bin/env node
'use strict';
// A fake `mediate` for the extension's tests. `fake_server.js lsp` is a language server over
// stdio that answers with fixed shapes (and splits its messages into odd chunks, in the middle of
// UTF-8 characters, to exercise the client's framing); `fake_server.js report -o OUT -- FILE`
// writes a small page like the report page.

const fs = require('fs');
const { MessageReader, encode } = require('../client');

if (process.argv[2] === 'report') {
  const out = process.argv[process.argv.indexOf('-o') + 1];
  const file = process.argv[process.argv.length - 1];
  fs.writeFileSync(out, '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<style>p { color: red }</style>\n</head>\n<body>\n' +
    `<p>${file}</p>\n<script type="application/json" id="s0-data">{"a":1}</script>\n<script>document.title = "played";</script>\n</body>\n</html>\n`);
  process.exit(0);
}
if (process.argv[2] !== 'lsp') {
  process.stderr.write(`Error: Unexpected argument '${process.argv[2]}'\n`);
  process.exit(64);
}

process.stderr.write('fake server: started\n');
const documents = new Map();
let shutdown = false;
let outgoing = 0;

let queue = Promise.resolve();
function send(message) {
  const bytes = encode(message);
  const split = outgoing++ % 2 === 1;
  // Every other message goes out in two writes, cut inside the body, a few milliseconds apart.
  queue = queue.then(async () => {
    if (!split) return process.stdout.write(bytes);
    const cut = Math.max(1, bytes.length - 7);
    process.stdout.write(bytes.subarray(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 5));
    process.stdout.write(bytes.subarray(cut));
  });
}
const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
const range = (line, start, end) => ({ start: { line, character: start }, end: { line, character: end } });

function offset(text, position) {
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < position.line; i++) at += lines[i].length + 1;
  return at + position.character;
}

function publish(uri, how) {
  const text = documents.get(uri);
  if (text.includes('CRASH')) {
    process.stderr.write('fake server: crashing on purpose\n');
    process.exit(3);
  }
  notify('window/logMessage', { type: 3, message: `text of ${uri.split('/').pop()} (${how}): ${JSON.stringify(text)}` });
  const diagnostics = [];
  text.split('\n').forEach((line, number) => {
    const column = line.indexOf('bad');
    if (column >= 0) {
      diagnostics.push({
        range: range(number, column, column + 3), severity: 1, source: 'mediate', message: `'bad' on line ${number + 1}`,
        relatedInformation: [{ location: { uri, range: range(0, 0, 1) }, message: 'help: the first line' }],
      });
    }
    if (line.includes('warn')) diagnostics.push({ range: range(number, 0, line.length), severity: 2, message: 'a warning' });
  });
  notify('textDocument/publishDiagnostics', { uri, diagnostics });
}

const handlers = {
  initialize: () => {
    return {
      capabilities: {
        positionEncoding: 'utf-16', textDocumentSync: { openClose: true, change: 2 },
        completionProvider: { triggerCharacters: ['.'] }, hoverProvider: true, definitionProvider: true,
        referencesProvider: true, documentFormattingProvider: true, documentSymbolProvider: true,
      },
      serverInfo: { name: 'fake', version: '0' },
    };
  },
  'textDocument/completion': () => ({
    isIncomplete: false,
    items: [{ label: 'Alice', kind: 6, detail: 'participant' }, { label: 'participant', kind: 14 }],
  }),
  'textDocument/hover': (p) => ({ contents: { kind: 'markdown', value: '**Alice** : Person — “hi” 😄' }, range: range(p.position.line, 0, 5) }),
  'textDocument/definition': (p) => [{ uri: p.textDocument.uri, range: range(0, 12, 17) }],
  'textDocument/references': (p) => [
    { uri: p.textDocument.uri, range: range(0, 12, 17) },
    ...(p.context && p.context.includeDeclaration ? [{ uri: p.textDocument.uri, range: range(1, 0, 5) }] : []),
  ],
  'textDocument/formatting': (p) => {
    const text = documents.get(p.textDocument.uri);
    if (text.includes('ERR')) return { error: { code: -32803, message: 'the scenario has 1 error(s) and is not formatted' } };
    const lines = text.split('\n');
    return [{ range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } }, newText: text.trim() + '\n' }];
  },
  'textDocument/documentSymbol': () => [{
    name: 'Alice', detail: 'Person', kind: 13, range: range(0, 0, 17), selectionRange: range(0, 12, 17),
    children: [{ name: 'on Alice receives hi', kind: 12, range: range(1, 0, 20), selectionRange: range(1, 0, 2) }],
  }, { name: '', kind: 13, range: range(2, 0, 3), selectionRange: range(5, 0, 1) }],
  shutdown: () => { shutdown = true; return null; },
};

function onMessage(message) {
  if (message.id !== undefined && !message.method) {
    // The answer to our workspace/configuration request.
    notify('window/logMessage', { type: 3, message: `client answered ${message.id}: ${JSON.stringify(message.result)}` });
    return;
  }
  const { id, method, params } = message;
  if (method === 'initialized') {
    send({ jsonrpc: '2.0', id: 'config-1', method: 'workspace/configuration', params: { items: [{ section: 'mediate' }] } });
  } else if (method === 'textDocument/didOpen') {
    documents.set(params.textDocument.uri, params.textDocument.text);
    publish(params.textDocument.uri, 'opened');
  } else if (method === 'textDocument/didChange') {
    let text = documents.get(params.textDocument.uri);
    for (const change of params.contentChanges) {
      text = change.range ? text.slice(0, offset(text, change.range.start)) + change.text + text.slice(offset(text, change.range.end)) : change.text;
    }
    documents.set(params.textDocument.uri, text);
    publish(params.textDocument.uri, params.contentChanges.every((change) => change.range) ? 'incremental' : 'full');
  } else if (method === 'textDocument/didClose') {
    documents.delete(params.textDocument.uri);
    notify('textDocument/publishDiagnostics', { uri: params.textDocument.uri, diagnostics: [] });
  } else if (method === 'exit') {
    process.stderr.write(`fake server: exit ${shutdown ? 'after' : 'without'} shutdown\n`);
    process.exit(shutdown ? 0 : 1);
  } else if (handlers[method]) {
    const result = handlers[method](params);
    send(result && result.error ? { jsonrpc: '2.0', id, error: result.error } : { jsonrpc: '2.0', id, result });
  } else if (id !== undefined) {
    send({ jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${method}` } });
  }
}

const reader = new MessageReader(onMessage, (text) => process.stderr.write(`fake server: ${text}\n`));
process.stdin.on('data', (chunk) => reader.push(chunk));
process.stdin.on('end', () => process.exit(1));
