// Package internal holds helpers shared by umpire's referee packages and
// nothing else.
package internal
