//! Pairing: OpenGotha-compatible McMahon and Swiss, round robin, knockout.
