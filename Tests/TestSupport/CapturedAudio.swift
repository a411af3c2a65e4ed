import Foundation

/// The audio an `inputclick_capture` PCM saved: a WAV file read back as
/// interleaved floats. Reads 16- and 32-bit integer and 32-bit float data;
/// a data chunk whose length was never fixed up runs to the end of the file.
///
/// alsa-lib's `file` plugin writes format tag 1 (integer PCM) even for float
/// data, so 32-bit data is read as float when `float32` says so (the stream's
/// negotiated format), whatever the header claims.
///
/// Thread context: a plain value; use it from any thread.
public struct CapturedAudio: Sendable {
    /// The rate the header gives.
    public var sampleRate: Int
    /// The channel count the header gives.
    public var channels: Int
    /// Bits per sample, as the header gives them.
    public var bitsPerSample: Int
    /// Whether the data were read as floats.
    public var isFloat: Bool
    /// Interleaved samples, −1…1.
    public var samples: [Float]

    /// Frames in ``samples``.
    public var frameCount: Int { samples.count / max(1, channels) }

    /// A file that is not a WAV this can read.
    public struct Malformed: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        public var description: String

        /// Thread context: any thread.
        public init(description: String) { self.description = description }
    }

    /// Reads the capture at `path`; `float32` says the stream was negotiated
    /// as 32-bit float. Thread context: any thread; reads the file.
    public init(path: String, float32: Bool) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw Malformed(description: "\(path): not a RIFF/WAVE file (\(bytes.count) bytes)")
        }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var body: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let start = offset + 8
            if id == "fmt ", start + 16 <= bytes.count {
                format = (u16(start), u16(start + 2), u32(start + 4), u16(start + 14))
            } else if id == "data" {
                let end = (size == 0 || start + size > bytes.count) ? bytes.count : start + size
                body = bytes[start..<end]
                break
            }
            offset = start + size + (size & 1)
        }
        guard let format, let body else { throw Malformed(description: "\(path): no fmt or data chunk") }
        sampleRate = format.rate
        channels = format.channels
        bitsPerSample = format.bits
        isFloat = format.tag == 3 || (float32 && format.bits == 32)
        let raw = Array(body)
        switch (isFloat, format.bits) {
        case (true, 32):
            samples = raw.withUnsafeBytes { Array($0.bindMemory(to: Float.self).prefix(raw.count / 4)) }
        case (false, 16):
            samples = raw.withUnsafeBytes { $0.bindMemory(to: Int16.self).prefix(raw.count / 2).map { Float($0) / 32_768 } }
        case (false, 32):
            samples = raw.withUnsafeBytes { $0.bindMemory(to: Int32.self).prefix(raw.count / 4).map { Float(Double($0) / 2_147_483_648) } }
        default:
            throw Malformed(description: "\(path): unsupported sample format tag \(format.tag), \(format.bits) bits")
        }
    }
}
