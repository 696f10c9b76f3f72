// Package server is the root of umpire's embedded reference servers, one
// subpackage per game: inference (WebSocket and JSON Lines on stdio) and
// bangarena (REST and MCP). Agent authors certify their bots against them;
// server implementers compare their own server's behaviour with them.
package server
