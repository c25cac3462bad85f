// Placeholder: the door app's screen (issue #41) is being written.
export default function DoorPlaceholder() {
  return <main>Bramka</main>;
}
