import VCardParser
import Foundation

var reader = VCardReader(fileDescriptor: 0)
var out: [UInt8] = []
let writer = VCardWriter()
while let card = try reader.next() { writer.write(card, to: &out) }
out += reader.trailingBytes
FileHandle.standardOutput.write(Data(out))
