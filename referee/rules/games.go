package rules

import (
	bangarena "github.com/umpire-arena/umpire/referee/bangarena/rulebook"
	inference "github.com/umpire-arena/umpire/referee/inference/rulebook"
	"github.com/umpire-arena/umpire/referee/rules/def"
)

// books lists each game's part of the catalogue, its rulebook
// (referee/<game>/rulebook, see def.Book), in the order of the statement
// maps (StatementGames). This is the one file of the package that names a
// game: a new game adds its import line and its Book here.
func books() []def.Book {
	return []def.Book{
		inference.Book(),
		bangarena.Book(),
	}
}
