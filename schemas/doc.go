// Package schemas embeds umpire's JSON Schemas (draft 2020-12) for every
// message of both games, compiles them once, and validates messages against
// them.
package schemas
