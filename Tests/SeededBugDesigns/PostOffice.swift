import MediateKit

/// The mediator of `ordered-stream`: a post office whose one consumer task reads an `AsyncStream`
/// that every send feeds, and makes each two pieces it reads for a receiver, a `subject(text:)`
/// and a `body(text:)`, into one `letter(title:text:)` to it.
///
/// The seeded bug: when not `fixed`, the consumer takes the first piece to arrive for the subject
/// and the second for the body, as if the two senders always fed the stream in that order.
/// Fixed, it tells them apart by their names.
final class PostOffice {
    /// A piece of a letter on its way to `receiver`.
    private struct Piece: Sendable {
        let message: Message
        let sender: Member?
        let receiver: Member

        var text: Value { message.argument("text") ?? .nothing }
    }

    private let pieces: AsyncStream<Piece>.Continuation

    init(fixed: Bool, courier: Courier) {
        let (stream, pieces) = AsyncStream.makeStream(of: Piece.self)
        self.pieces = pieces
        Task.detached {
            // A receiver's first piece waits for its second; the two make its letter.
            var waiting: [String: Piece] = [:]
            for await piece in stream {
                guard let first = waiting.removeValue(forKey: piece.receiver.name) else {
                    waiting[piece.receiver.name] = piece
                    continue
                }
                let (subject, body) = fixed && first.message.name == "body" ? (piece, first) : (first, piece)
                let letter = Message.named(
                    "letter", [Message.Argument(label: "title", value: subject.text), Message.Argument(label: "text", value: body.text)])
                courier.deliver(letter, to: piece.receiver, from: piece.sender, throughMediator: true)
            }
        }
    }

    deinit { pieces.finish() }

    /// Feeds the stream with `message`, a piece of a letter to `receiver`.
    func post(_ message: Message, from sender: Member?, to receiver: Member) {
        pieces.yield(Piece(message: message, sender: sender, receiver: receiver))
    }
}
