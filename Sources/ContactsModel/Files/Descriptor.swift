#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Writing to a file descriptor without losing bytes: short writes continue, `EINTR` is retried,
/// and a failure is returned, never ignored.
///
/// ```swift
/// if let code = Descriptor.writeAll(Array("BEGIN:VCARD\r\n".utf8), to: 1) { print(String(cString: strerror(code))) }
/// ```
package enum Descriptor {
    /// Writes all of `bytes` to `fd`; `nil`, or the `errno` of the write that failed.
    package static func writeAll(_ bytes: some Collection<UInt8>, to fd: Int32) -> Int32? {
        if let result = bytes.withContiguousStorageIfAvailable({ writeAll(UnsafeRawBufferPointer($0), to: fd) }) { return result }
        return Array(bytes).withUnsafeBytes { writeAll($0, to: fd) }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}
