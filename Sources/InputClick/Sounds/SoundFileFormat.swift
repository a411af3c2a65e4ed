import CSndFile

/// A container and sample encoding that ``SoundFileWriter`` can write.
public enum SoundFileFormat: String, Sendable, Hashable, CaseIterable {
    /// WAV, unsigned 8-bit integers.
    case wavPCMU8
    /// WAV, signed 16-bit integers: the format of the bundled sounds.
    case wavPCM16
    /// WAV, signed 24-bit integers.
    case wavPCM24
    /// WAV, signed 32-bit integers.
    case wavPCM32
    /// WAV, 32-bit IEEE floats.
    case wavFloat32
    /// WAV, 64-bit IEEE floats.
    case wavFloat64
    /// FLAC, 16-bit.
    case flac16
    /// FLAC, 24-bit.
    case flac24
    /// Ogg/Vorbis (lossy; libsndfile's default quality).
    case oggVorbis

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .wavPCMU8, .wavPCM16, .wavPCM24, .wavPCM32, .wavFloat32, .wavFloat64: return "wav"
        case .flac16, .flac24: return "flac"
        case .oggVorbis: return "ogg"
        }
    }

    /// libsndfile's `SF_FORMAT_*` major type ORed with the subtype.
    var libsndfileFormat: Int32 {
        switch self {
        case .wavPCMU8: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_PCM_U8)
        case .wavPCM16: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_PCM_16)
        case .wavPCM24: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_PCM_24)
        case .wavPCM32: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_PCM_32)
        case .wavFloat32: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_FLOAT)
        case .wavFloat64: return Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_DOUBLE)
        case .flac16: return Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_16)
        case .flac24: return Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_24)
        case .oggVorbis: return Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
        }
    }
}
