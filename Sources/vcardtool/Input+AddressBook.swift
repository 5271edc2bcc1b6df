#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CardDAV
import ContactsModel
import Foundation
import Synchronization

/// A card of an address book on a server, as an input of its own: where it is, and its bytes
/// with their ETag, which `set-phone --in-place` sends back with `If-Match`.
struct AddressBookCard {
    var href: String
    var book: CardDAVAddressBook
    var content: Content

    /// Where the card's bytes come from.
    enum Content {
        /// Fetched already (a card read again after a conflict).
        case fetched(bytes: [UInt8], etag: String?)
        /// The `index`-th card of the book's listing, fetched with its batch when first read.
        case listed(AddressBookBatches, index: Int)
    }

    /// The card's bytes and their ETag; no bytes for a card deleted since the listing.
    /// - Throws: ``ToolError`` when the server cannot be read.
    func load() throws -> (bytes: [UInt8], etag: String?) {
        switch content {
        case .fetched(let bytes, let etag): return (bytes, etag)
        case .listed(let batches, let index): return try batches.card(at: index) ?? ([], nil)
        }
    }

    /// The card as the server has it now.
    /// - Throws: ``ToolError`` when it is gone or cannot be read.
    func readAgain(name: String) throws -> AddressBookCard {
        do {
            guard let (resource, bytes) = try book.fetch([href]).first else { throw ToolError("\(name): deleted on the server meanwhile; not written") }
            return AddressBookCard(href: href, book: book, content: .fetched(bytes: bytes, etag: resource.entityTag))
        } catch let error as RemoteAddressBookError {
            throw ToolError(error.message)
        }
    }
}

/// The cards of one address book, fetched one `addressbook-multiget` batch at a time as its
/// inputs are read in order: memory holds one batch of cards (and the listing), however large
/// the book. Reading the inputs again (`diff`) fetches the batches again.
final class AddressBookBatches: Sendable {
    let book: CardDAVAddressBook
    let hrefs: [String]
    private let current = Mutex<(start: Int, cards: [String: (bytes: [UInt8], etag: String?)])>((-1, [:]))

    init(book: CardDAVAddressBook, hrefs: [String]) {
        self.book = book
        self.hrefs = hrefs
    }

    /// The bytes and ETag of the `index`-th card, fetching its batch unless it is the current one;
    /// `nil` for a card the server no longer has.
    /// - Throws: ``ToolError`` when the server cannot be read.
    func card(at index: Int) throws -> (bytes: [UInt8], etag: String?)? {
        let size = book.client.batchSize
        let start = index / size * size
        let href = hrefs[index]
        if let cached = current.withLock({ $0.start == start ? $0.cards : nil }) { return cached[href] }
        let batch: [(resource: RemoteResource, bytes: [UInt8])]
        do { batch = try book.fetch(Array(hrefs[start..<min(start + size, hrefs.count)])) } catch { throw ToolError(error.message) }
        var cards: [String: (bytes: [UInt8], etag: String?)] = [:]
        for (resource, bytes) in batch { cards[resource.href] = (bytes, resource.entityTag) }
        current.withLock { $0 = (start, cards) }
        return cards[href]
    }
}

extension Input {
    /// Whether a command-line argument names an address book on a server rather than a file.
    static func namesAddressBook(_ argument: String) -> Bool {
        argument.hasPrefix("https://") || argument.hasPrefix("http://")
    }

    /// The cards of the address book at `argument`, one input each, in href order, named by
    /// their URLs: `PROPFIND` for the list; each card's bytes come with its batch of
    /// `addressbook-multiget` when it is read. Credentials come from the environment or
    /// `~/.netrc`, as for `vcardtool dav`.
    /// - Throws: ``ToolError`` naming the URL and what the server said.
    static func addressBook(_ argument: String) throws -> [Input] {
        guard let url = URL(string: argument) else { throw ToolError("\(argument): not a valid URL") }
        let client = DAVClient(credentials: Credentials.lookup(for: url))
        do {
            let book: AddressBook
            do { book = try waitFor { try await client.addressBook(at: url) } } catch DAVError.badResponse(_, "not an address book") {
                throw ToolError("\(argument): not an address book (vcardtool dav ls \(argument) lists the address books there)")
            }
            let remote = CardDAVAddressBook(book, client: client)
            let hrefs = try remote.list().map(\.href).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let batches = AddressBookBatches(book: remote, hrefs: hrefs)
            return hrefs.indices.map { index in
                let name = (try? client.url(of: hrefs[index], in: book).absoluteString) ?? hrefs[index]
                return Input(name: name, systemPath: nil, remote: AddressBookCard(href: hrefs[index], book: remote, content: .listed(batches, index: index)))
            }
        } catch let error as DAVError {
            throw ToolError(error.description)
        } catch let error as RemoteAddressBookError {
            throw ToolError(error.message)
        }
    }

    /// The card of a remote input in a temporary file already unlinked, for a reader that needs
    /// a descriptor; the caller closes it.
    func temporaryDescriptor(for card: AddressBookCard) throws -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/vcardtool-card-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ToolError("\(name): cannot make a temporary copy: \(String(cString: strerror(errno)))") }
        unlink(template)
        guard Descriptor.writeAll(try card.load().bytes, to: fd) == nil, lseek(fd, 0, SEEK_SET) == 0 else {
            close(fd)
            throw ToolError("\(name): cannot make a temporary copy: \(String(cString: strerror(errno)))")
        }
        return fd
    }
}

extension RemoteAddressBookError {
    /// What the server or the connection said.
    var message: String {
        switch self {
        case .changed(let href): return "\(href): changed on the server while it was being read"
        case .locked(let href): return "\(href): 423 Locked (another client is writing it)"
        case .failed(_, let message): return message
        }
    }
}
