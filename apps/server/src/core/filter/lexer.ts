/**
 * Tokenizer for the fexpr grammar (PocketBase's filter grammar). It mirrors `ganigeorgiev/fexpr`'s scanner so
 * that filters PocketBase accepts tokenize the same way here: ASCII-only identifiers, a backslash
 * escaping only the opening quote character, greedy sign/join runs that must form a known operator.
 */
import { SIGN_OPS } from './ast.js';
import { invalidFilter } from './errors.js';

export type TokenType =
  | 'identifier'
  | 'function' // an identifier immediately followed by `(`; the `(` is consumed with it
  | 'number'
  | 'text'
  | 'sign'
  | 'join'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'eof';

export type Token = { type: TokenType; value: string; pos: number };

const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
// `\r` is accepted on top of fexpr's set so rules pasted with Windows line endings still parse.
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isIdentStart = (c: string): boolean => isLetter(c) || c === '_' || c === '@' || c === '#';
const isIdentPart = (c: string): boolean => isLetter(c) || isDigit(c) || c === '_' || c === '.' || c === ':';
const isSignChar = (c: string): boolean => '=?!<>~'.includes(c);
const isJoinChar = (c: string): boolean => c === '&' || c === '|';

/** fexpr's identifier rule: not ending in a path/modifier separator and not a lone special char. */
export function isValidIdentifier(s: string): boolean {
  if (s === '') return false;
  const last = s[s.length - 1]!;
  if (last === '.' || last === ':') return false;
  return !(s.length === 1 && (s === '@' || s === '_' || s === '#'));
}

/**
 * Splits a filter string into tokens; whitespace and `//` comments are dropped.
 * @throws {ApiError} 400 on any character sequence that is not a token.
 */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = input.length;

  while (i < n) {
    const c = input[i]!;
    const start = i;

    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === '/') {
      if (input[i + 1] !== '/') throw invalidFilter(`invalid comment at ${i}`);
      while (i < n && input[i] !== '\n') i++;
      continue;
    }
    if (c === '(') {
      tokens.push({ type: 'lparen', value: '(', pos: i++ });
      continue;
    }
    if (c === ')') {
      tokens.push({ type: 'rparen', value: ')', pos: i++ });
      continue;
    }
    if (c === ',') {
      tokens.push({ type: 'comma', value: ',', pos: i++ });
      continue;
    }
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(input[i]!)) i++;
      const name = input.slice(start, i);
      if (!isValidIdentifier(name)) throw invalidFilter(`invalid identifier ${JSON.stringify(name)}`);
      if (input[i] === '(') {
        i++;
        tokens.push({ type: 'function', value: name, pos: start });
      } else {
        tokens.push({ type: 'identifier', value: name, pos: start });
      }
      continue;
    }
    if (c === '-' || isDigit(c)) {
      let hadDot = false;
      i++;
      while (i < n) {
        const d = input[i]!;
        if (isDigit(d)) i++;
        else if (d === '.' && !hadDot) {
          hadDot = true;
          i++;
        } else break;
      }
      const raw = input.slice(start, i);
      if (raw === '-' || raw.endsWith('.')) {
        throw invalidFilter(`invalid number ${JSON.stringify(raw)}`);
      }
      tokens.push({ type: 'number', value: raw, pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      // Like fexpr: the text ends at the first quote of the same kind not directly preceded by a
      // backslash, and only `\<quote>` is unescaped. Other backslashes stay as written (they are
      // LIKE escapes for `~`).
      i++;
      let prev = '';
      let closed = false;
      while (i < n) {
        const d = input[i]!;
        i++;
        if (d === c && prev !== '\\') {
          closed = true;
          break;
        }
        prev = d;
      }
      if (!closed) throw invalidFilter(`unterminated text at ${start}`);
      const body = input
        .slice(start + 1, i - 1)
        .split(`\\${c}`)
        .join(c);
      tokens.push({ type: 'text', value: body, pos: start });
      continue;
    }
    if (isSignChar(c)) {
      while (i < n && isSignChar(input[i]!)) i++;
      const op = input.slice(start, i);
      if (!SIGN_OPS.has(op)) throw invalidFilter(`invalid operator ${JSON.stringify(op)}`);
      tokens.push({ type: 'sign', value: op, pos: start });
      continue;
    }
    if (isJoinChar(c)) {
      while (i < n && isJoinChar(input[i]!)) i++;
      const op = input.slice(start, i);
      if (op !== '&&' && op !== '||') throw invalidFilter(`invalid join operator ${JSON.stringify(op)}`);
      tokens.push({ type: 'join', value: op, pos: start });
      continue;
    }
    throw invalidFilter(`unexpected character at ${i}`);
  }
  tokens.push({ type: 'eof', value: '', pos: n });
  return tokens;
}
