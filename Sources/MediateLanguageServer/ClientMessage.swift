/// One JSON-RPC message from the client, before its method is known: a request (with an id), a
/// notification (without), or a response (the server asks nothing, so it drops them).
///
/// Only a message that is not an object fails to decode. Every other flaw is kept for the server
/// to answer as JSON-RPC says: an id that is neither a whole number nor a string, a `method` that
/// is missing or not a string, a `jsonrpc` that is not "2.0". The `params` stay undecoded until
/// the method says what they must be (``ClientRequest``, ``ClientNotification``).
struct ClientMessage: Decodable {
    /// A request's id, echoed in its answer.
    enum RequestID: Equatable {
        case number(Int)
        case string(String)

        var json: JSON {
            switch self {
            case .number(let number): JSON(number)
            case .string(let string): JSON(string)
            }
        }
    }

    /// The `id` member: none for a notification; `null` or any other value than a whole number
    /// or a string is invalid.
    enum ID: Equatable {
        case absent
        case valid(RequestID)
        case invalid

        /// The id an error answer carries: `null` when there is no valid one.
        var json: JSON {
            if case .valid(let id) = self { return id.json }
            return .null
        }
    }

    var id: ID
    /// The method's name, nil when it is missing or not a string.
    var method: String?
    /// Whether `jsonrpc` is "2.0".
    var isJSONRPC2: Bool
    /// Whether it has a `result` or an `error`: a response, not a request.
    var isResponse: Bool
    /// A decoder of `params`, which reads `null` when they are missing.
    var params: any Decoder

    private enum CodingKeys: String, CodingKey {
        case jsonrpc, id, method, params, result, error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.id) {
            id = .absent
        } else if let number = try? container.decode(Int.self, forKey: .id) {
            id = .valid(.number(number))
        } else if let string = try? container.decode(String.self, forKey: .id) {
            id = .valid(.string(string))
        } else {
            id = .invalid
        }
        method = try? container.decode(String.self, forKey: .method)
        isJSONRPC2 = (try? container.decode(String.self, forKey: .jsonrpc)) == "2.0"
        isResponse = container.contains(.result) || container.contains(.error)
        params = try container.superDecoder(forKey: .params)
    }
}
