/// The library's version.
public enum InputClickVersion {
    /// Major, minor and patch numbers.
    public static let major = 0, minor = 1, patch = 0
    /// `major.minor.patch`.
    public static let string = "\(major).\(minor).\(patch)"
}
