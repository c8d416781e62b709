public import MediateKit

/// The designs with a seeded concurrency bug that `mediate explore` must find, each
/// before its fixed version: `reentrant-actor`, `lost-update`, `ordered-stream`, and each with
/// `-fixed`.
public let seededBugDesigns: [any Design.Type] = [
    ReentrantActorDesign.self, ReentrantActorFixedDesign.self, LostUpdateDesign.self, LostUpdateFixedDesign.self,
    OrderedStreamDesign.self, OrderedStreamFixedDesign.self,
]
