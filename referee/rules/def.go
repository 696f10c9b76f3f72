package rules

import "github.com/umpire-arena/umpire/referee/rules/def"

// The vocabulary of the catalogue is package def's (a leaf that every
// game's rulebook imports); these names keep it where callers find it.
type (
	// Level is def.Level: MUST, SHOULD or INFO.
	Level = def.Level
	// Rule is def.Rule: one entry of the catalogue.
	Rule = def.Rule
	// Basis is def.Basis: what a rule or a finding rests on.
	Basis = def.Basis
	// Observability is def.Observability: where a departure can be seen.
	Observability = def.Observability
	// Clause is def.Clause: a basis a finding may rest on besides its rule's.
	Clause = def.Clause
	// Statement is def.Statement: one statement of a rules document.
	Statement = def.Statement
	// StatementStatus is def.StatementStatus: how far a statement is checked.
	StatementStatus = def.StatementStatus
)

// The three levels, in decreasing strength.
const (
	Must   = def.Must
	Should = def.Should
	Info   = def.Info
)

// The three bases.
const (
	BasisDocument = def.BasisDocument
	BasisReading  = def.BasisReading
	BasisContract = def.BasisContract
)

// The three observabilities.
const (
	Live      = def.Live
	LogOnly   = def.LogOnly
	AgentOnly = def.AgentOnly
)

// The statuses of a statement.
const (
	StatementCovered      = def.StatementCovered
	StatementPartial      = def.StatementPartial
	StatementMissing      = def.StatementMissing
	StatementNotCheckable = def.StatementNotCheckable
)
