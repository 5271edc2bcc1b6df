import ContactsModel
import VCardParser

#if canImport(Glibc)
import Glibc
#endif

/// The `ContactStore` workloads, through the public API as an app writes them, on the corpus
/// file (`store-…`) and on a folder of one file per card made from it (`folder-…`).
enum StoreWorkloads {
    /// What a store workload runs on, made before the clock starts.
    struct Prepared {
        /// The file or folder.
        var path: String
        /// A store already opened and fetched from once (for `…-refetch`).
        var store: ContactStore? = nil
    }

    /// Makes the input: a fresh copy for the updates (synced, so that the store's own fsyncs do
    /// not pay for the copy), the folder for `folder-…`, an opened store for `…-refetch`.
    static func prepare(_ workload: Workload, path: String, updates: Updates) throws -> Prepared {
        let isFolder = workload.rawValue.hasPrefix("folder-")
        var input = isFolder ? try folder(for: path) : path
        switch workload {
        case .storeUpdate:
            input = path + ".store-copy"
            try FileSystem.copy(path, to: input)
            sync()
        case .folderUpdate:
            input = path + ".folder-copy"
            try FileSystem.copyFolder(try folder(for: path), to: input)
            sync()
        case .storeRefetch, .folderRefetch:
            let store = open(input, isFolder: isFolder)
            _ = try store.unifiedContacts(matching: .matchingEmailAddress(email(updates, 0), label: .work), keysToFetch: [.emailAddresses])
            return Prepared(path: input, store: store)
        default:
            break
        }
        return Prepared(path: input)
    }

    static func run(_ workload: Workload, _ input: Prepared, updates: Updates) throws -> WorkloadResult {
        let isFolder = workload.rawValue.hasPrefix("folder-")
        switch workload {
        case .storeFind, .folderFind:
            return try find(open(input.path, isFolder: isFolder), email(updates, 0))
        case .storeRefetch, .folderRefetch:
            guard let store = input.store else {  // `once`: both fetches
                let store = open(input.path, isFolder: isFolder)
                _ = try find(store, email(updates, 0))
                return try find(store, email(updates, 1))
            }
            return try find(store, email(updates, 1))
        case .storeEnumerate, .folderEnumerate:
            return try enumerate(open(input.path, isFolder: isFolder))
        case .storeUpdate, .folderUpdate:
            return try update(open(input.path, isFolder: isFolder), updates)
        default:
            throw BenchError("\(workload.rawValue) is not a store workload")
        }
    }

    private static func open(_ path: String, isFolder: Bool) -> ContactStore {
        isFolder ? ContactStore(directoryAt: path) : ContactStore(fileAt: path)
    }

    /// The `k`th of the update emails in sorted order.
    private static func email(_ updates: Updates, _ k: Int) -> String { updates.phones.keys.sorted()[k] }

    /// Open + fetch one contact by work email (as `vcardtool find --email`).
    private static func find(_ store: ContactStore, _ email: String) throws -> WorkloadResult {
        let found = try store.unifiedContacts(
            matching: .matchingEmailAddress(email, label: .work),
            keysToFetch: [.emailAddresses, .phoneNumbers])
        return WorkloadResult(cards: found.count, matches: found.count, checksum: UInt64(found.first?.phoneNumbers.count ?? 0))
    }

    /// Every contact, every key, one at a time.
    private static func enumerate(_ store: ContactStore) throws -> WorkloadResult {
        var result = WorkloadResult()
        try store.enumerateContacts(with: FetchRequest(keysToFetch: ContactKey.all)) { contact, _ in
            result.cards += 1
            result.checksum &+= UInt64(contact.phoneNumbers.count + contact.emailAddresses.count)
        }
        return result
    }

    /// The seed's update: the contacts of 1,000 work emails fetched at once, their main phone
    /// set, all saved in one request.
    private static func update(_ store: ContactStore, _ updates: Updates) throws -> WorkloadResult {
        let found = try store.unifiedContacts(
            matching: .matchingEmailAddresses(updates.phones.keys, label: .work),
            keysToFetch: [.emailAddresses, .phoneNumbers])
        var request = SaveRequest()
        var result = WorkloadResult()
        for var contact in found {
            guard let phone = contact.emailAddresses.lazy.compactMap({ updates.phones[ContactPredicate.normalizedEmail($0.value)] }).first
            else { continue }
            contact.setMainPhoneNumber(phone)
            request.update(contact)
            result.matches += 1
        }
        try store.execute(request)
        result.cards = found.count
        return result
    }

    /// The folder of one file per card made from the corpus (made once, kept beside it).
    private static func folder(for path: String) throws -> String {
        let folder = path + ".d"
        if FileSystem.size(of: folder) != nil { return folder }
        let building = folder + ".partial"
        try FileSystem.makeDirectory(building)
        var reader = try VCardReader(path: path)
        var n = 0
        while let card = try reader.next() {
            var bytes: [UInt8] = []
            VCardWriter().write(card, to: &bytes)
            let name = String(n).leftPadded(7)
            try FileSystem.writeBytes(bytes, to: "\(building)/\(name).vcf")
            n += 1
        }
        guard rename(building, folder) == 0 else { throw BenchError("\(folder): \(String(cString: strerror(errno)))") }
        return folder
    }
}
