/** A board's settings. */
export function BoardSettingsScreen({ projectId }: { projectId: number }) {
  return <div className="page"><h1 tabIndex={-1}>Board settings {projectId}</h1></div>;
}
