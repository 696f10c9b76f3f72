// Command broken is a deliberately misbehaving agent for both games, to show
// (and test) how umpire classifies failures. Each -mode breaks one way:
//
//	slow         answers each request legally, but only after -delay (default 5s)
//	illegal      answers each request with an action that is not offered
//	crash        exits with status 2 on the first request
//	garbage      answers each request with lines that are not JSON
//	flood        writes thousands of lines per request, then one over 1 MiB
//	hang         reads but never answers, ignores SIGTERM and the end of input
//	silent-exit  exits with status 0 on the first request
//	peek         BangArena in connect mode (--agent-connect): asks for another
//	             seat's observation with its own token, then plays legally
//
// A request is an Inference your_turn or a BangArena DecisionRequest with
// legal actions; a match_end ends the program (except in hang mode, and
// after a match_start line: then it plays until its input ends).
package main
