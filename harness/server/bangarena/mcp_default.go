//go:build !mcpsdk

package bangarena

import "net/http"

// MCPImplementation names the MCP implementation serving /mcp: "builtin"
// by default, "go-sdk" (the official Go SDK) with the build tag mcpsdk. The
// SDK is the intended default; it waits for the module's go.sum to list the
// SDK's own dependencies.
const MCPImplementation = "builtin"

func (s *Server) mcpHandler() http.Handler { return s.builtinMCPHandler() }
