// Package origin keeps umpire's HTTP requests to a target on that target:
// a redirect is followed only to the same origin (scheme, host and port) as
// the request it answers, so a hostile or misconfigured target cannot send
// umpire's request bodies, seat tokens or agent tokens to another service,
// nor have another service's answer quoted in a report as its own. A
// redirect to another origin is not followed: the caller gets the redirect
// itself, whose status and Location a check can report.
//
// Standard library only.
package origin
