/// The version both programs print with `--version`.
public enum VoicePlugVersion {
    public static let current = "0.2.0"
}
