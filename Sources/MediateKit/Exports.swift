// Every layer below, so that `import MediateKit` gives a user the whole library. The package's one
// umbrella: no other file re-exports a module, and each imports the modules it uses.
@_exported import MediateAnalysis
@_exported import MediateEmitters
@_exported import MediateRuntime
@_exported import MediateSyntax
