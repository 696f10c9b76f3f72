// Package inert is umpire's one escaper for text it did not write itself:
// what an agent, a server, a target or a log sends, shown on a terminal or
// written into a report (text, JUnit, JSON, Markdown, HTML, replay
// transcripts). Every writer passes such text through it, so that all of
// them agree on what is unsafe and how it is shown.
//
// A rune is unsafe (Unsafe) when showing it raw could change what a reader
// sees elsewhere: C0 and C1 control characters and DEL (terminal escape
// sequences, carriage returns that overwrite a line), Unicode format
// characters (bidi embeddings, overrides and isolates U+202A–U+202E and
// U+2066–U+2069, the marks U+200E, U+200F and U+061C, zero-width
// characters, tags), the line and paragraph separators U+2028 and U+2029,
// and the noncharacters U+FFFE and U+FFFF. Unsafe runes are shown as the
// visible escape \uXXXX (\U00XXXXXX beyond the BMP). Bytes that are not
// UTF-8 become U+FFFD, the replacement character, which stays visible.
//
// String is for one line; Block keeps newlines and tabs (transcripts and
// stderr in <pre> blocks); JSON makes encoded JSON inert byte for byte
// while keeping it the same JSON value except for the replaced bytes.
// Standard library only.
package inert
