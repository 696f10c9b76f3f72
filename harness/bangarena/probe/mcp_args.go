package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"
)

// mcpArgValues are the values umpire can give an MCP tool; a zero field is
// not given.
type mcpArgValues struct {
	Room      string
	Seat      *int
	Token     string
	ActionID  string
	CommandID string
	Version   *int
}

// seatArgs are the values of a tool that reads seat's state in room.
func seatArgs(room string, seat int, token string) mcpArgValues {
	return mcpArgValues{Room: room, Seat: &seat, Token: token}
}

// The concepts umpire can fill, by which a property of a tool's input
// schema is matched (I-BA-M1).
const (
	argRoom    = "room"
	argSeat    = "seat"
	argToken   = "token"
	argAction  = "action"
	argCommand = "command"
	argVersion = "version"
)

// mcpArgNames maps a normalized property name (mcpNorm) to the concept it
// names: umpire's own names (the pin) and their usual spellings.
func mcpArgNames() map[string]string {
	m := map[string]string{}
	for concept, names := range map[string][]string{
		argRoom:    {"roomId", "room", "roomID"},
		argSeat:    {"seat", "seatId", "seatNo", "seatNumber", "seatIndex"},
		argToken:   {"token", "agentToken", "xAgentToken", "seatToken", "authToken"},
		argAction:  {"actionId"},
		argCommand: {"commandId", "idempotencyKey"},
		argVersion: {"observationVersion", "basedOnVersion"},
	} {
		for _, n := range names {
			m[mcpNorm(n)] = concept
		}
	}
	return m
}

// mcpPinNames are umpire's own argument names (WIRE.md pin, I-BA-P5), used
// only for a tool that publishes no input properties.
func mcpPinNames() map[string]string {
	return map[string]string{argRoom: "roomId", argSeat: "seat", argToken: "token", argAction: "actionId", argCommand: "commandId", argVersion: "observationVersion"}
}

// mcpNorm folds a property name for matching: lower case, without '_', '-'
// and spaces.
func mcpNorm(s string) string {
	return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
}

// value returns the value of concept, and whether it is given.
func (v mcpArgValues) value(concept string) (any, bool) {
	switch concept {
	case argRoom:
		return v.Room, v.Room != ""
	case argSeat:
		if v.Seat != nil {
			return *v.Seat, true
		}
	case argToken:
		return v.Token, v.Token != ""
	case argAction:
		return v.ActionID, v.ActionID != ""
	case argCommand:
		return v.CommandID, v.CommandID != ""
	case argVersion:
		if v.Version != nil {
			return *v.Version, true
		}
	}
	return nil, false
}

// mcpArgGap is a tool whose input schema requires properties umpire cannot
// fill: the check is skipped, never failed (I-BA-M1).
type mcpArgGap struct {
	Tool    string
	Missing []string
}

func (e *mcpArgGap) Error() string {
	return fmt.Sprintf("the MCP tool %s requires arguments umpire cannot fill from its input schema: %s", e.Tool, strings.Join(e.Missing, ", "))
}

// mcpBuildArgs fills the arguments of a tool from its published input
// schema (I-BA-M1): each property whose name umpire recognizes gets its
// value (a number as a string where the schema types the property a
// string). A schema without properties gets umpire's pinned names. missing
// lists the required properties left unfilled.
func mcpBuildArgs(schema json.RawMessage, v mcpArgValues) (args map[string]any, missing []string) {
	var s struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	args = map[string]any{}
	if len(schema) > 0 {
		_ = json.Unmarshal(schema, &s)
	}
	if len(s.Properties) == 0 {
		for concept, name := range mcpPinNames() {
			if x, ok := v.value(concept); ok {
				args[name] = x
			}
		}
		return args, nil
	}
	names := mcpArgNames()
	for prop, p := range s.Properties {
		x, ok := v.value(names[mcpNorm(prop)])
		if !ok {
			continue
		}
		if n, isInt := x.(int); isInt && p.Type == "string" {
			x = strconv.Itoa(n)
		}
		args[prop] = x
	}
	for _, req := range s.Required {
		if _, ok := args[req]; !ok {
			missing = append(missing, req)
		}
	}
	sort.Strings(missing)
	return args, missing
}

// mcpListed is one tool of tools/list.
type mcpListed struct {
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// listTools asks tools/list and keeps each tool's input schema; it returns
// the HTTP status and answer, and ok false when the answer is no tool list.
func (c *mcpClient) listTools(ctx context.Context) (tools []mcpListed, status int, data []byte, ok bool, err error) {
	status, data, err = c.call(ctx, "tools/list", map[string]any{}, false)
	if err != nil {
		return nil, status, data, false, err
	}
	var list struct {
		Result *struct {
			Tools []mcpListed `json:"tools"`
		} `json:"result"`
	}
	if status != http.StatusOK || json.Unmarshal(data, &list) != nil || list.Result == nil {
		return nil, status, data, false, nil
	}
	c.schemas = map[string]json.RawMessage{}
	for _, x := range list.Result.Tools {
		c.schemas[x.Name] = x.InputSchema
	}
	return list.Result.Tools, status, data, true, nil
}

// toolFor calls a tool as seat with the arguments its published input
// schema asks for (listing the tools first if not yet done); an *mcpArgGap
// error when it requires arguments umpire cannot fill. The token is also
// sent as x-agent-token.
func (c *mcpClient) toolFor(ctx context.Context, seat int, name string, v mcpArgValues) (mcpToolResult, bool, string, error) {
	if c.schemas == nil {
		if _, _, _, _, err := c.listTools(ctx); err != nil {
			return mcpToolResult{}, false, "", err
		}
		if c.schemas == nil {
			// No tool list: umpire's pinned names for every tool.
			c.schemas = map[string]json.RawMessage{}
		}
	}
	args, missing := mcpBuildArgs(c.schemas[name], v)
	if len(missing) > 0 {
		return mcpToolResult{}, false, "", &mcpArgGap{Tool: name, Missing: missing}
	}
	c.token = v.Token
	return c.tool(ctx, seat, name, args)
}

// mcpErrResult is the result of a check stopped by err: a skip for an
// argument gap, else a probe error.
func mcpErrResult(err error) conform.Result {
	var gap *mcpArgGap
	if errors.As(err, &gap) {
		return conform.Skip("%v", gap)
	}
	return conform.ProbeErr(err)
}
