'use strict';
// A small Language Server Protocol client: Content-Length framing, JSON-RPC 2.0 requests,
// responses and notifications, and the server's process (start, initialize, shutdown, restart
// after a crash). It uses Node's standard library only; extension.js connects it to VS Code.

const { spawn } = require('child_process');

/** Encodes one JSON-RPC message with its Content-Length header. */
function encode(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * Splits a byte stream into messages. `push` takes any chunk; `onMessage` gets each parsed
 * message, `onError` a text for a header without Content-Length or a body that is not JSON (the
 * reader skips it and goes on).
 */
class MessageReader {
  constructor(onMessage, onError) {
    this.buffer = Buffer.alloc(0);
    this.onMessage = onMessage;
    this.onError = onError;
  }

  push(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /^content-length:\s*(\d+)\s*$/im.exec(header);
      if (!match) {
        this.onError(`a header without Content-Length: ${JSON.stringify(header)}`);
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const length = Number(match[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch (error) {
        this.onError(`a body that is not JSON: ${error.message}`);
        continue;
      }
      this.onMessage(message);
    }
  }
}

/** An error response from the server, or a request that could not be answered. */
class ResponseError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/**
 * JSON-RPC over a readable and a writable stream: `request` returns a promise of the result,
 * `notify` sends a notification; the server's notifications go to `onNotification`, and its
 * requests get an answer from `onRequest` (a result, or null).
 */
class Connection {
  constructor(readable, writable, { onNotification, onRequest, onError } = {}) {
    this.writable = writable;
    this.nextId = 1;
    this.pending = new Map();
    this.onNotification = onNotification || (() => {});
    this.onRequest = onRequest || (() => null);
    this.onError = onError || (() => {});
    const reader = new MessageReader((message) => this.receive(message), this.onError);
    readable.on('data', (chunk) => reader.push(chunk));
  }

  request(method, params, token) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.write({ jsonrpc: '2.0', id, method, params });
      if (token) {
        token.onCancellationRequested(() => {
          if (!this.pending.has(id)) return;
          this.notify('$/cancelRequest', { id });
        });
      }
    });
  }

  notify(method, params) {
    this.write({ jsonrpc: '2.0', method, params });
  }

  write(message) {
    if (this.writable.destroyed || this.writable.writableEnded) return;
    this.writable.write(encode(message));
  }

  receive(message) {
    if (message === null || typeof message !== 'object') {
      this.onError(`a message that is not an object: ${JSON.stringify(message)}`);
    } else if (typeof message.method === 'string' && message.id !== undefined) {
      Promise.resolve()
        .then(() => this.onRequest(message.method, message.params))
        .then(
          (result) => this.write({ jsonrpc: '2.0', id: message.id, result: result === undefined ? null : result }),
          (error) => this.write({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: String(error) } }),
        );
    } else if (typeof message.method === 'string') {
      this.onNotification(message.method, message.params);
    } else if (this.pending.has(message.id)) {
      const { resolve, reject, method } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) {
        reject(new ResponseError(message.error.code, `${method}: ${message.error.message}`, message.error.data));
      } else {
        resolve(message.result === undefined ? null : message.result);
      }
    } else {
      this.onError(`a response to no request: ${JSON.stringify(message)}`);
    }
  }

  /** Fails every request still waiting: the server has gone. */
  dispose(reason) {
    for (const { reject, method } of this.pending.values()) {
      reject(new ResponseError(-32099, `${method}: ${reason}`));
    }
    this.pending.clear();
  }
}

/** What the client tells the server it supports. */
const CLIENT_CAPABILITIES = {
  general: { positionEncodings: ['utf-16'] },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false, willSave: false },
    publishDiagnostics: { relatedInformation: true, versionSupport: true },
    completion: { completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    definition: { linkSupport: true },
    references: {},
    formatting: {},
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
  },
};

/**
 * The language server's process and its connection. `start` spawns `command ...args`, sends
 * `initialize` and `initialized`, then calls `onReady(capabilities)`. If the process ends
 * without `stop`, it is started again, at most `maxRestarts` times within `restartWindowMs`;
 * then `onGiveUp(text)` is called. The server's standard error goes to `log` line by line.
 */
class LanguageClient {
  constructor(options) {
    this.options = Object.assign({ args: ['lsp'], maxRestarts: 4, restartWindowMs: 3 * 60 * 1000 }, options);
    this.log = this.options.log || (() => {});
    this.crashes = [];
    this.process = null;
    this.connection = null;
    this.capabilities = null;
    this.ready = null;
    this.stopping = false;
  }

  /** Starts the server; the promise resolves with its capabilities once it is initialized. */
  start() {
    this.stopping = false;
    const { command, args, cwd, rootUri } = this.options;
    this.log(`[client] starting ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process = child;
    let stderrTail = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      stderrTail = (stderrTail + text).slice(-2000);
      for (const line of text.replace(/\n$/, '').split('\n')) this.log(line);
    });
    child.stdin.on('error', (error) => this.log(`[client] writing to the server: ${error.message}`));
    const connection = new Connection(child.stdout, child.stdin, {
      onNotification: (method, params) => this.options.onNotification && this.options.onNotification(method, params),
      onRequest: (method) => {
        // workspace/configuration, client/registerCapability, window/workDoneProgress/create …
        this.log(`[client] answered the server's request '${method}' with null`);
        return null;
      },
      onError: (text) => this.log(`[client] from the server: ${text}`),
    });
    this.connection = connection;

    const exited = new Promise((resolve) => {
      child.on('error', (error) => {
        connection.dispose(error.message);
        resolve({ error });
      });
      child.on('exit', (code, signal) => {
        connection.dispose(`the server exited (${signal || code})`);
        resolve({ code, signal, stderr: stderrTail });
      });
    });
    this.exited = exited;
    exited.then((how) => this.onExit(child, how));

    this.ready = connection
      .request('initialize', {
        processId: process.pid,
        clientInfo: { name: 'vscode-mediate', version: '0.1.0' },
        rootUri: rootUri || null,
        capabilities: CLIENT_CAPABILITIES,
      })
      .then((result) => {
        this.capabilities = (result && result.capabilities) || {};
        connection.notify('initialized', {});
        this.log(`[client] initialized ${JSON.stringify(result && result.serverInfo)}`);
        if (this.options.onReady) this.options.onReady(this.capabilities);
        return this.capabilities;
      });
    this.ready.catch(() => {}); // reported through onExit or by the caller
    return this.ready;
  }

  onExit(child, how) {
    if (child !== this.process) return;
    this.process = null;
    this.connection = null;
    this.capabilities = null;
    if (this.stopping) return;
    const give = (text) => {
      this.log(`[client] ${text}`);
      if (this.options.onGiveUp) this.options.onGiveUp(text);
    };
    if (how.error) {
      return give(
        how.error.code === 'ENOENT'
          ? `'${this.options.command}' was not found: set mediate.path to the mediate executable`
          : `'${this.options.command}' could not be started: ${how.error.message}`,
      );
    }
    // 64 is mediate's usage error: this mediate has no 'lsp' subcommand. Starting again won't help.
    if (how.code === 64) {
      return give(`'${this.options.command} ${this.options.args.join(' ')}' is a usage error: this mediate has no language server (update it)`);
    }
    const now = Date.now();
    this.crashes = this.crashes.filter((time) => now - time < this.options.restartWindowMs);
    this.crashes.push(now);
    if (this.crashes.length > this.options.maxRestarts) {
      return give(`the language server exited ${this.crashes.length} times in a short while (last: ${how.signal || how.code}); it is not started again`);
    }
    this.log(`[client] the language server exited (${how.signal || how.code}); starting it again`);
    this.start();
  }

  /** Sends a request once the server is ready; rejects if there is no server. */
  async request(method, params, token) {
    if (!this.ready) throw new ResponseError(-32099, `${method}: the language server is not running`);
    await this.ready;
    if (!this.connection) throw new ResponseError(-32099, `${method}: the language server is not running`);
    return this.connection.request(method, params, token);
  }

  /** Sends a notification if the server is initialized (documents are sent again on start). */
  notify(method, params) {
    if (this.connection && this.capabilities) this.connection.notify(method, params);
  }

  /** shutdown, then exit; kills the process if it has not gone after `timeoutMs`. */
  async stop(timeoutMs = 2000) {
    this.stopping = true;
    const child = this.process;
    const connection = this.connection;
    if (!child) return;
    const timeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
    try {
      if (connection && this.capabilities) {
        await Promise.race([connection.request('shutdown', null), timeout(timeoutMs)]);
        connection.notify('exit', null);
      }
    } catch (error) {
      this.log(`[client] shutdown: ${error.message}`);
    }
    child.stdin.end();
    const gone = await Promise.race([this.exited.then(() => true), timeout(timeoutMs).then(() => false)]);
    if (!gone) child.kill('SIGKILL');
  }

  async restart() {
    await this.stop();
    this.crashes = [];
    return this.start();
  }
}

module.exports = { encode, MessageReader, Connection, LanguageClient, ResponseError };
