'use strict';
// A stand-in for the `vscode` module: the classes and functions extension.js uses, recording
// what the extension registers so that a test can call it.

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}
class Range {
  constructor(start, end) { this.start = start; this.end = end; }
}
class Uri {
  constructor(scheme, fsPath, text) { this.scheme = scheme; this.fsPath = fsPath; this.text = text; }
  static parse(text) {
    const scheme = text.slice(0, text.indexOf(':'));
    return new Uri(scheme, scheme === 'file' ? decodeURIComponent(text.slice('file://'.length)) : '', text);
  }
  static file(fsPath) { return new Uri('file', fsPath, 'file://' + fsPath.split('/').map(encodeURIComponent).join('/')); }
  toString() { return this.text; }
}
class Location {
  constructor(uri, range) { this.uri = uri; this.range = range; }
}
class Diagnostic {
  constructor(range, message, severity) { this.range = range; this.message = message; this.severity = severity; }
}
class DiagnosticRelatedInformation {
  constructor(location, message) { this.location = location; this.message = message; }
}
class CompletionItem {
  constructor(label, kind) { this.label = label; this.kind = kind; }
}
class CompletionList {
  constructor(items, isIncomplete) { this.items = items; this.isIncomplete = isIncomplete; }
}
class MarkdownString {
  constructor(value = '') { this.value = value; }
  appendText(text) { this.value += text.replace(/[\\`*_{}[\]()#+\-.!<>]/g, '\\$&'); return this; }
}
class Hover {
  constructor(contents, range) { this.contents = contents; this.range = range; }
}
class SymbolInformation {
  constructor(name, kind, containerName, location) { Object.assign(this, { name, kind, containerName, location }); }
}
class DocumentSymbol {
  constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, detail, kind, range, selectionRange, children: [] }); }
}
class TextEdit {
  static replace(range, newText) { return Object.assign(new TextEdit(), { range, newText }); }
}

/** An event: `event(listener)` subscribes, `fire(value)` calls every listener. */
function emitter() {
  const listeners = [];
  const event = (listener) => {
    listeners.push(listener);
    return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
  };
  event.fire = (value) => listeners.map((listener) => listener(value));
  return event;
}

const state = {
  configuration: { path: 'mediate' },
  output: [],
  collections: [],
  providers: {},
  commands: {},
  messages: [],
  panels: [],
  textDocuments: [],
  events: {
    open: emitter(), change: emitter(), close: emitter(), save: emitter(), configuration: emitter(),
  },
};

/** A document as the extension reads it. */
function textDocument(fsPath, text, languageId = 'scenario') {
  return {
    uri: Uri.file(fsPath), languageId, version: 1, text, isUntitled: false, isDirty: false,
    getText() { return this.text; },
    save() { return Promise.resolve(true); },
  };
}

function diagnosticCollection(name) {
  const entries = new Map();
  const collection = {
    name, entries,
    set: (uri, diagnostics) => entries.set(uri.toString(), diagnostics),
    delete: (uri) => entries.delete(uri.toString()),
    clear: () => entries.clear(),
    get: (uri) => entries.get(uri.toString()),
    dispose: () => entries.clear(),
  };
  state.collections.push(collection);
  return collection;
}

const register = (kind) => (selector, provider, ...rest) => {
  state.providers[kind] = { selector, provider, rest };
  return { dispose() {} };
};

module.exports = {
  Position, Range, Uri, Location, Diagnostic, DiagnosticRelatedInformation, CompletionItem, CompletionList,
  MarkdownString, Hover, SymbolInformation, DocumentSymbol, TextEdit,
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  window: {
    activeTextEditor: undefined,
    createOutputChannel: (name) => ({
      name,
      appendLine: (line) => state.output.push(line),
      show() {},
      dispose() {},
    }),
    showErrorMessage: (message) => { state.messages.push(['error', message]); return Promise.resolve(undefined); },
    showInformationMessage: (message) => { state.messages.push(['info', message]); return Promise.resolve(undefined); },
    setStatusBarMessage: (message) => { state.messages.push(['status', message]); return { dispose() {} }; },
    createWebviewPanel: (viewType, title, column, options) => {
      const disposed = emitter();
      const panel = {
        viewType, title, options, webview: { html: '', cspSource: 'vscode-webview://stub' },
        reveal() {}, onDidDispose: disposed, dispose: () => disposed.fire(),
      };
      state.panels.push(panel);
      return panel;
    },
  },
  workspace: {
    get textDocuments() { return state.textDocuments; },
    workspaceFolders: undefined,
    getConfiguration: (section) => ({ get: (key) => (section === 'mediate' ? state.configuration[key] : undefined) }),
    onDidOpenTextDocument: state.events.open,
    onDidChangeTextDocument: state.events.change,
    onDidCloseTextDocument: state.events.close,
    onDidSaveTextDocument: state.events.save,
    onDidChangeConfiguration: state.events.configuration,
    openTextDocument: (uri) => Promise.resolve(state.textDocuments.find((d) => d.uri.toString() === uri.toString())),
  },
  languages: {
    createDiagnosticCollection: diagnosticCollection,
    registerCompletionItemProvider: register('completion'),
    registerHoverProvider: register('hover'),
    registerDefinitionProvider: register('definition'),
    registerReferenceProvider: register('references'),
    registerDocumentFormattingEditProvider: register('formatting'),
    registerDocumentSymbolProvider: register('symbols'),
  },
  commands: {
    registerCommand: (name, callback) => { state.commands[name] = callback; return { dispose() {} }; },
    executeCommand: (name, ...args) => Promise.resolve(state.commands[name](...args)),
  },
  // For the tests.
  stub: { state, textDocument, emitter },
};
