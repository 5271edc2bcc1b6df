#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CardDAV
import ContactsModel
import Foundation

/// A card of an address book on a server, as an input of its own: the server's bytes, and where
/// to write it back (`set-phone --in-place`, with `If-Match` its ETag).
struct AddressBookCard {
    var bytes: [UInt8]
    var href: String
    var etag: String?
    var book: CardDAVAddressBook
}

extension AddressBookCard {
    /// The card as the server has it now.
    /// - Throws: ``ToolError`` when it is gone or cannot be read.
    func readAgain(name: String) throws -> AddressBookCard {
        do {
            guard let (resource, bytes) = try book.fetch([href]).first else { throw ToolError("\(name): deleted on the server meanwhile; not written") }
            return AddressBookCard(bytes: bytes, href: href, etag: resource.entityTag, book: book)
        } catch let error as RemoteAddressBookError {
            throw ToolError(error.message)
        }
    }
}

extension Input {
    /// Whether a command-line argument names an address book on a server rather than a file.
    static func namesAddressBook(_ argument: String) -> Bool {
        argument.hasPrefix("https://") || argument.hasPrefix("http://")
    }

    /// The cards of the address book at `argument`, one input each, in href order, named by
    /// their URLs: `PROPFIND` for the list, then `addressbook-multiget`. Credentials come from
    /// the environment or `~/.netrc`, as for `vcardtool dav`.
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
            let references = try remote.list().sorted { $0.href.utf8.lexicographicallyPrecedes($1.href.utf8) }
            return try remote.fetch(references.map(\.href)).map { resource, bytes in
                let name = (try? client.url(of: resource.href, in: book).absoluteString) ?? resource.href
                return Input(name: name, systemPath: nil, remote: AddressBookCard(bytes: bytes, href: resource.href, etag: resource.entityTag, book: remote))
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
        guard Descriptor.writeAll(card.bytes, to: fd) == nil, lseek(fd, 0, SEEK_SET) == 0 else {
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
