import MediateKit

/// The colleague object of the seeded-bug designs: a participant's member, nothing else.
final class Account {
    let member: Member
    init(member: Member) { self.member = member }
}
