import CSndFile

/// A container and sample encoding ``SoundFileWriter`` can write.
public enum SoundFileFormat: String, Sendable, Hashable, CaseIterable {
    case wavPCMU8
    /// The format of the bundled sounds.
    case wavPCM16
    case wavPCM24
    case wavPCM32
    case wavFloat32
    case wavFloat64
    case flac16
    case flac24
    /// Lossy; libsndfile's default quality.
    case oggVorbis

    /// Without the dot.
    public var fileExtension: String {
        switch self {
        case .wavPCMU8, .wavPCM16, .wavPCM24, .wavPCM32, .wavFloat32, .wavFloat64: return "wav"
        case .flac16, .flac24: return "flac"
        case .oggVorbis: return "ogg"
        }
    }

    /// `SF_FORMAT_*` major type ORed with the subtype.
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
