// Package guard is the connection layer that makes an embedded server
// (`umpire serve`) safe to expose on a network interface: it knows nothing
// of the games, only of HTTP and TCP.
//
//   - [NewServer] builds the net/http server with a deadline for the request
//     header (ReadHeaderTimeout), for the whole body of each request
//     (BodyTimeout, set on the connection when the handler starts and lifted
//     once the body is read, so that a body trickled byte by byte is cut off
//     while long responses are not), a keep-alive IdleTimeout, MaxHeaderBytes
//     and a cap on every body (http.MaxBytesReader).
//   - [Listen] caps the connections open at once from one client address;
//     the one over the cap gets a 503 and is closed. WebSocket connections
//     count until they close.
//   - [Handler] puts the routes that create matches or rooms behind an admin
//     token ([Config.AdminToken]); `umpire serve` sets one when it listens on
//     an address that is not loopback, unless told --open.
//
// What a game server reads after a WebSocket upgrade is not HTTP any more:
// its read deadlines are the game server's own (the idle timeout of the
// embedded servers).
package guard
