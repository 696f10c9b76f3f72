// Command agent is umpire's example agent for both games. It speaks JSON
// Lines on stdin/stdout (`umpire certify --agent 'CMD'`); with -http it
// serves the same policy over HTTP (`umpire certify --agent-url URL`); with
// -connect it joins the server named by its UMPIRE_* environment by itself
// (`umpire certify --agent-connect 'CMD'`): WebSocket for Inference, the
// REST decision protocol for BangArena.
//
// Inference: it answers each your_turn with a move from legal_actions,
// chosen from its hidden value and the break-even value; after an error for
// its move it chooses again. BangArena: it answers each DecisionRequest with
// legal actions with a decision body, picks another item after a reask.
// Both end on a match_end message, unless a match_start line came first
// (umpire certify --agent-keep): then the program starts each match afresh
// on match_start and plays match after match until its input ends.
package main
