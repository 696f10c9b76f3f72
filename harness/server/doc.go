// Package server is the root of the machinery umpire's embedded reference
// servers share: serverkit (the HTTP host, limits and lifetimes every game's
// server is built on), guard and lifetime. Each game's own server lives in
// the game's folder (harness/<game>/server). Agent authors certify their
// bots against them; server implementers compare their own server's
// behaviour with them.
package server
