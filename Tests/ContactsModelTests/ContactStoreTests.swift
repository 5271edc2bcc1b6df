import ContactsModel
import Foundation
import Testing
import VCardParser

@Suite struct ContactStoreTests {
    static let twoCards = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:ada\r
        FN:Ada Lovelace\r
        EMAIL;TYPE=work:ada@example.com\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:grace\r
        FN:Grace Hopper\r
        EMAIL;TYPE=work:grace@example.com\r
        END:VCARD\r

        """

    @Test func requestWithUnknownContactChangesNothing() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        let store = ContactStore(fileAt: path)
        var ada = try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
        ada.jobTitle = "Analyst"
        var ghost = Contact(identifier: "ghost")
        ghost.givenName = "Nobody"
        var request = SaveRequest()
        request.update(ada)
        request.delete(ghost)
        #expect(throws: ContactStoreError.contactNotFound(identifier: "ghost", name: "Nobody")) { try store.execute(request) }
        #expect(try files.read("c.vcf") == Self.twoCards)
    }

    @Test func updateAndDeleteInOneRequest() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        let store = ContactStore(fileAt: path)
        let all = try store.unifiedContacts()
        var ada = try #require(all.first { $0.identifier == "ada" })
        ada.jobTitle = "Analyst"
        var request = SaveRequest()
        request.update(ada)
        request.delete(try #require(all.first { $0.identifier == "grace" }))
        try store.execute(request)
        #expect(
            try files.read("c.vcf") == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                UID:ada\r
                FN:Ada Lovelace\r
                EMAIL;TYPE=work:ada@example.com\r
                TITLE:Analyst\r
                END:VCARD\r

                """)
    }

    /// Another program changed the file since the fetch: a change to another card is kept and the
    /// save goes through; a change to the contact's own card makes the save a conflict.
    @Test(arguments: [("Grace Hopper", false), ("Ada Lovelace", true)])
    func changeOnDiskSinceTheFetch(renaming name: String, isConflict: Bool) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        let store = ContactStore(fileAt: path)
        var ada = try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
        let someoneElse = Self.twoCards.replacingOccurrences(of: "FN:" + name, with: "FN:Dr. " + name)
        try files.write("c.vcf", someoneElse)
        ada.note = "mine"
        var request = SaveRequest()
        request.update(ada)
        if isConflict {
            #expect(throws: ContactStoreError.conflict(identifier: "ada", name: "Ada Lovelace")) { try store.execute(request) }
            #expect(try files.read("c.vcf") == someoneElse)
        } else {
            try store.execute(request)
            #expect(try files.read("c.vcf") == someoneElse.replacingOccurrences(of: "ada@example.com\r\n", with: "ada@example.com\r\nNOTE:mine\r\n"))
        }
    }

    @Test func keepsFileModeAndWritesThroughSymlink() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let link = files.path("link.vcf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let store = ContactStore(fileAt: link)
        var ada = try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
        ada.note = "x"
        var request = SaveRequest()
        request.update(ada)
        try store.execute(request)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        #expect(try files.read("c.vcf").contains("NOTE:x\r\n"))
    }

    @Test func readOnlyFolderFailsAndKeepsOriginal() throws {
        guard getuid() != 0 else {
            // root ignores folder permissions: make the write fail with a folder that does not exist.
            return try failsWhenFolderIsMissing()
        }
        let files = try TestFiles()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: files.directory.path)
            files.remove()
        }
        let path = try files.write("c.vcf", Self.twoCards)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: files.directory.path)
        let store = ContactStore(fileAt: path)
        var ada = try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
        ada.note = "x"
        var request = SaveRequest()
        request.update(ada)
        #expect(throws: ContactStoreError.self) { try store.execute(request) }
        #expect(try files.read("c.vcf") == Self.twoCards)
    }

    /// A save whose temporary file cannot be created fails with `writeFailed` and creates nothing.
    func failsWhenFolderIsMissing() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let store = ContactStore(fileAt: files.path("missing-dir/c.vcf"), creatingIfMissing: true)
        var contact = Contact()
        contact.givenName = "X"
        var request = SaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        #expect {
            try store.execute(request)
        } throws: { error in
            guard case ContactStoreError.writeFailed(let p, _) = error else { return false }
            return p.hasSuffix("missing-dir/c.vcf")
        }
        #expect(!FileManager.default.fileExists(atPath: files.path("missing-dir")))
    }

    @Test func folderStoreNamesFilesSafelyFromUID() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let folder = files.path("book")
        let store = ContactStore(directoryAt: folder, creatingIfMissing: true)
        var evil = Contact(identifier: "../../escape")
        evil.givenName = "Mallory"
        var request = SaveRequest()
        request.add(evil, toContainerWithIdentifier: nil)
        try store.execute(request)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names == ["escape.vcf"])
        #expect(!FileManager.default.fileExists(atPath: files.directory.deletingLastPathComponent().appendingPathComponent("escape.vcf").path))
        let back = try store.unifiedContacts(matching: .matchingIdentifiers(["../../escape"]))
        #expect(back.first?.givenName == "Mallory")
    }

    @Test func folderStoreUpdatesOnlyTheTouchedFile() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let folder = files.path("book")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let parts = Self.twoCards.components(separatedBy: "END:VCARD\r\n")
        try files.write("book/ada.vcf", parts[0] + "END:VCARD\r\n")
        try files.write("book/grace.vcf", parts[1] + "END:VCARD\r\n")
        let graceBefore = try FileManager.default.attributesOfItem(atPath: files.path("book/grace.vcf"))[.modificationDate] as? Date
        let store = ContactStore(directoryAt: folder)
        var ada = try #require(try store.unifiedContacts(matching: .matchingEmailAddress("ADA@example.com")).first)
        ada.emailAddresses[0] = ada.emailAddresses[0].settingValue("ada@new.example")
        var request = SaveRequest()
        request.update(ada)
        try store.execute(request)
        #expect(try files.read("book/ada.vcf").contains("EMAIL;TYPE=work:ada@new.example\r\n"))
        let graceAfter = try FileManager.default.attributesOfItem(atPath: files.path("book/grace.vcf"))[.modificationDate] as? Date
        #expect(graceBefore == graceAfter)
        // Deleting the only card of a file removes the file.
        var delete = SaveRequest()
        delete.delete(try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["grace"])).first))
        try store.execute(delete)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ada.vcf"])
    }

    @Test func fileWithErrorsIsNotSavedUnlessForced() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let broken = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nFN:Ada\r\nno colon here\r\nEND:VCARD\r\n"
        let path = try files.write("c.vcf", broken)
        var ada = try #require(try ContactStore(fileAt: path).unifiedContacts().first)
        ada.note = "x"
        var request = SaveRequest()
        request.update(ada)
        #expect(throws: ContactStoreError.notUnderstood(path: path, line: 5, message: "line has no ':' between name and value; kept as it is")) {
            try ContactStore(fileAt: path).execute(request)
        }
        #expect(try files.read("c.vcf") == broken)
        try ContactStore(fileAt: path, forcesSave: true).execute(request)
        #expect(try files.read("c.vcf") == "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nFN:Ada\r\nno colon here\r\nNOTE:x\r\nEND:VCARD\r\n")
    }

    @Test func inMemoryStore() throws {
        let cards = try VCardDecoder().decode(Self.twoCards).cards
        let store = ContactStore(inMemory: cards)
        var grace = try #require(try store.unifiedContacts(matching: .matchingName("grace")).first)
        grace.phoneNumbers.append(LabeledValue(label: .work, value: PhoneNumber(stringValue: "+1 555 0100")))
        var request = SaveRequest()
        request.update(grace)
        try store.execute(request)
        let found = try store.unifiedContacts(matching: .matchingPhoneNumber(PhoneNumber(stringValue: "tel:+1-555-0100")))
        #expect(found.map(\.identifier) == ["grace"])
    }

    @Test func duplicateAddIsRejected() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Self.twoCards).cards)
        var request = SaveRequest()
        request.add(Contact(identifier: "ada"), toContainerWithIdentifier: nil)
        #expect(throws: ContactStoreError.duplicateIdentifier("ada")) { try store.execute(request) }
    }
}

extension ContactStoreTests {
    /// A folder store's later fetch sees files added, changed and removed by another program.
    @Test func folderStoreSeesFilesAddedChangedAndRemoved() throws {
        let files = try TestFiles()
        defer { files.remove() }
        try FileManager.default.createDirectory(atPath: files.path("book"), withIntermediateDirectories: true)
        let parts = Self.twoCards.components(separatedBy: "END:VCARD\r\n")
        try files.write("book/a.vcf", parts[0] + "END:VCARD\r\n")
        try files.write("book/b.vcf", parts[1] + "END:VCARD\r\n")
        let store = ContactStore(directoryAt: files.path("book"))
        #expect(try store.unifiedContacts(keysToFetch: [.names]).map(\.formattedName) == ["Ada Lovelace", "Grace Hopper"])
        try files.write("book/b.vcf", (parts[1] + "END:VCARD\r\n").replacingOccurrences(of: "Grace Hopper", with: "Grace B. Hopper"))
        try files.write("book/c.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:kate\r\nFN:Kate\r\nEND:VCARD\r\n")
        try FileManager.default.removeItem(atPath: files.path("book/a.vcf"))
        #expect(try store.unifiedContacts(keysToFetch: [.names]).map(\.formattedName) == ["Grace B. Hopper", "Kate"])
    }
}

extension ContactStoreTests {
    /// A UTF-16 file is saved as UTF-16 (with its byte-order mark), only the changed line differing.
    @Test func utf16FileStaysUTF16() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = files.path("c.vcf")
        let utf16 = [UInt8]([0xFF, 0xFE]) + Self.twoCards.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(utf16).write(to: URL(fileURLWithPath: path))
        let store = ContactStore(fileAt: path)
        var grace = try store.unifiedContact(withIdentifier: "grace", keysToFetch: [.jobTitle])
        grace.jobTitle = "Rear Admiral"
        var request = SaveRequest()
        request.update(grace)
        try store.execute(request)
        let expected = Self.twoCards.replacingOccurrences(of: "grace@example.com\r\n", with: "grace@example.com\r\nTITLE:Rear Admiral\r\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        #expect(try store.unifiedContact(withIdentifier: "grace", keysToFetch: [.jobTitle]).jobTitle == "Rear Admiral")
    }

    /// A card added to a file whose last line has no line end starts on a line of its own, and the
    /// store still reads every card it indexed.
    @Test func addAfterALastLineWithoutLineEnd() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", String(Self.twoCards.dropLast()))
        let store = ContactStore(fileAt: path)
        var kate = Contact(identifier: "kate")
        kate.givenName = "Kate"
        var request = SaveRequest()
        request.add(kate, toContainerWithIdentifier: nil)
        try store.execute(request)
        #expect(try files.read("c.vcf").hasPrefix(Self.twoCards + "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:kate\r\n"))
        #expect(try store.unifiedContacts(keysToFetch: [.names]).map(\.formattedName) == ["Ada Lovelace", "Grace Hopper", "Kate"])
    }
}
