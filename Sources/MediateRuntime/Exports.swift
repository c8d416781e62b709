// The layer below, which this one builds on: its public API is part of this one's for users.
@_exported import MediateSyntax
