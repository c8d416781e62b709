// Every layer below, so that `import MediateKit` gives a user the whole library.
@_exported import MediateAnalysis
@_exported import MediateEmitters
@_exported import MediateRuntime
@_exported import MediateSyntax
