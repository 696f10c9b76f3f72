package proxyside

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/schemas"
)

// The MCP tools the relay judges, by what they carry: a DecisionRequest, or
// a decision and its answer (the same exchanges as the REST protocol).
const (
	mcpRequestTool = "arena_get_decision_request"
	mcpSubmitTool  = "arena_submit_decision"
)

// mcpCall reads a JSON-RPC tools/call of one of the judged tools from an
// MCP request body: the exchange kind ("observe" or "decision"), the room,
// seat and token of its arguments, and for a decision its body as the
// REST protocol carries it. ok is false for anything else (relayed, not
// judged).
func mcpCall(body []byte) (kind, room, seat, token string, decision []byte, ok bool) {
	r := gjson.ParseBytes(body)
	if !r.IsObject() || r.Get("method").String() != "tools/call" {
		return "", "", "", "", nil, false
	}
	args := r.Get("params.arguments")
	room, token = args.Get("roomId").String(), args.Get("token").String()
	if s := args.Get("seat"); s.Type == gjson.Number {
		seat = strconv.Itoa(int(s.Int()))
	}
	switch r.Get("params.name").String() {
	case mcpRequestTool:
		return "observe", room, seat, token, nil, room != "" && seat != ""
	case mcpSubmitTool:
		d := map[string]json.RawMessage{}
		for _, k := range []string{"seat", "actionId", "commandId", "observationVersion", "basedOnVersion", "args"} {
			if v := args.Get(k); v.Exists() {
				d[k] = json.RawMessage(v.Raw)
			}
		}
		decision, _ = json.Marshal(d)
		return "decision", room, seat, token, decision, room != ""
	}
	return "", "", "", "", nil, false
}

// mcpResult reads the tool's answer from an MCP response (JSON, or the
// JSON-RPC message of an event stream): its payload (structuredContent, or
// the JSON of its first text content) and the HTTP status the REST protocol
// would have answered with (200, or 400 for a reask, 409 for another
// error). ok is false when the answer holds no tool result.
func mcpResult(contentType string, body []byte) (payload []byte, status int, ok bool) {
	msg := body
	if strings.HasPrefix(contentType, "text/event-stream") {
		msg = nil
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(nil, len(body)+1)
		for sc.Scan() {
			if d, found := strings.CutPrefix(sc.Text(), "data:"); found && gjson.Get(d, "id").Exists() {
				msg = []byte(strings.TrimSpace(d))
			}
		}
	}
	res := gjson.GetBytes(msg, "result")
	if !res.IsObject() {
		return nil, 0, false
	}
	if sc := res.Get("structuredContent"); sc.IsObject() {
		payload = []byte(sc.Raw)
	} else {
		res.Get("content").ForEach(func(_, c gjson.Result) bool {
			if t := c.Get("text").String(); c.Get("type").String() == "text" && schemas.ValidJSON([]byte(t)) {
				payload = []byte(t)
				return false
			}
			return true
		})
	}
	if payload == nil {
		return nil, 0, false
	}
	status = http.StatusOK
	if e := gjson.GetBytes(payload, "error"); e.Exists() {
		status = http.StatusConflict
		if e.Get("reask").Bool() {
			status = http.StatusBadRequest
		}
	}
	return payload, status, true
}
