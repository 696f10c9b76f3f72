// Package jsonw holds the small JSON writing helpers the referees share:
// appending values to a byte slice exactly as encoding/json would write
// them, without reflection or allocation. Standard library only.
package jsonw
