// Package viewer is the shape of the game's messages as the HTML report's
// match viewer reads them (reports.ViewerShape, built with
// reports.NewViewerShape): how a transcript message is told as the game's,
// and the table of what the seat saw. The game's wiring registers it
// (reports.RegisterViewerShape); package reports keeps no game's shape.
package viewer
