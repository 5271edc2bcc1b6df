import ContactsModel
import Synchronization

/// A remote address book held in memory, as a CardDAV server keeps one: one card per resource,
/// an entity tag that changes with every write, conditional writes. It logs each request, and
/// can fail the n-th write, so that the store's use of the protocol can be checked exactly.
final class MemoryAddressBook: RemoteAddressBook {
    struct State {
        var resources: [String: (tag: Int, bytes: [UInt8])] = [:]
        var nextTag = 1
        var log: [String] = []
        /// Writes (creates, replaces, deletes) left before one fails; `nil`: none fails.
        var writesBeforeFailure: Int?
        /// Another client's change, made just before the next write arrives.
        var changeBeforeNextWrite: (href: String, bytes: [UInt8])?
    }

    let state = Mutex(State())
    static let collection = "/book/"

    /// A book with each card as a resource `card-N.vcf`.
    init(cards: [[UInt8]] = []) {
        state.withLock { state in
            for (i, card) in cards.enumerated() { Self.store(card, at: Self.collection + "card-\(i + 1).vcf", in: &state) }
        }
    }

    var log: [String] { state.withLock { $0.log } }
    func clearLog() { state.withLock { $0.log = [] } }
    func bytes(_ href: String) -> [UInt8]? { state.withLock { $0.resources[href]?.bytes } }
    var hrefs: [String] { state.withLock { $0.resources.keys.sorted() } }

    /// Another client's write: the resource changes and gets a new tag.
    func changeBehindTheStore(_ href: String, to bytes: [UInt8]) { state.withLock { _ = Self.store(bytes, at: href, in: &$0) } }

    func list() throws(RemoteAddressBookError) -> [RemoteResource] {
        state.withLock { state in
            state.log.append("list")
            return state.resources.map { RemoteResource(href: $0.key, entityTag: "\"\($0.value.tag)\"") }
        }
    }

    func fetch(_ hrefs: [String]) throws(RemoteAddressBookError) -> [(resource: RemoteResource, bytes: [UInt8])] {
        state.withLock { state in
            state.log.append("fetch \(hrefs.count)")
            return hrefs.compactMap { href in state.resources[href].map { (RemoteResource(href: href, entityTag: "\"\($0.tag)\""), $0.bytes) } }
        }
    }

    func create(_ bytes: [UInt8], named name: String) throws(RemoteAddressBookError) -> RemoteResource {
        let href = Self.collection + name
        return try write("create \(name)", href) { state throws(RemoteAddressBookError) in
            if state.resources[href] != nil { throw .changed(href: href) }
            return RemoteResource(href: href, entityTag: "\"\(Self.store(bytes, at: href, in: &state))\"")
        }
    }

    func replace(_ href: String, with bytes: [UInt8], ifMatch entityTag: String) throws(RemoteAddressBookError) -> String? {
        try write("replace \(href)", href) { state throws(RemoteAddressBookError) in
            guard let old = state.resources[href], "\"\(old.tag)\"" == entityTag else { throw .changed(href: href) }
            return "\"\(Self.store(bytes, at: href, in: &state))\""
        }
    }

    func delete(_ href: String, ifMatch entityTag: String) throws(RemoteAddressBookError) {
        try write("delete \(href)", href) { state throws(RemoteAddressBookError) in
            guard let old = state.resources[href], "\"\(old.tag)\"" == entityTag else { throw .changed(href: href) }
            state.resources[href] = nil
        }
    }

    private func write<T>(_ entry: String, _ href: String, _ body: (inout State) throws(RemoteAddressBookError) -> T) throws(RemoteAddressBookError) -> T {
        try state.withLock { (state: inout State) throws(RemoteAddressBookError) -> T in
            state.log.append(entry)
            if let (changed, bytes) = state.changeBeforeNextWrite {
                state.changeBeforeNextWrite = nil
                Self.store(bytes, at: changed, in: &state)
            }
            if let left = state.writesBeforeFailure {
                if left == 0 { throw .failed(href: href, message: "507 Insufficient Storage") }
                state.writesBeforeFailure = left - 1
            }
            return try body(&state)
        }
    }

    @discardableResult
    private static func store(_ bytes: [UInt8], at href: String, in state: inout State) -> Int {
        let tag = state.nextTag
        state.nextTag += 1
        state.resources[href] = (tag, bytes)
        return tag
    }
}
