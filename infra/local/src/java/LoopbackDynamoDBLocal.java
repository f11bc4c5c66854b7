import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Starts DynamoDB Local listening on one address (127.0.0.1 unless -Datende.host says otherwise)
 * instead of every interface. DynamoDB Local has no option for it: its DynamoDBProxyServer builds
 * a Jetty Server(port), whose connector binds the wildcard address. This sets the host of that
 * connector before the server starts. Everything is reached by reflection, so this file compiles
 * with a bare `javac` and no class path.
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("atende.host", "127.0.0.1");
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field serverField = proxy.getClass().getDeclaredField("server");
    serverField.setAccessible(true);
    Object server = serverField.get(proxy);
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, host);
    }
    proxy.getClass().getMethod("start").invoke(proxy);
  }
}
