export default function ViewerHome() {
  return (
    <main style={{ display: "grid", placeItems: "center", minHeight: "100vh", color: "#5f6875" }}>
      <p>Parley chat runtime. Bots are served at /&lt;public id&gt;.</p>
    </main>
  );
}
